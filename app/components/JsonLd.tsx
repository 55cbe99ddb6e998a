/**
 * Structured data for search engines (schema.org as JSON-LD). A data block, never run, so the
 * content security policy has nothing to allow; `<` is escaped so no text from an ad can close
 * the script element.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
