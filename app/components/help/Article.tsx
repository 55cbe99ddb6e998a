import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { helpContact } from '#messages/common.ts';
import { breadcrumb } from '#messages/help.ts';

/**
 * Typography for long-form help and legal text. Tailwind has no prose plugin here, so the
 * styles target the plain elements the content is written with. Links stay underlined so
 * they are recognisable without relying on colour.
 */
const PROSE =
  'max-w-3xl text-base leading-relaxed text-gray-800 dark:text-gray-200 ' +
  '[&_h2]:mt-8 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-gray-900 dark:[&_h2]:text-white ' +
  '[&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold ' +
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5 ' +
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-100 ' +
  '[&_strong]:font-semibold [&_strong]:text-gray-900 dark:[&_strong]:text-white';

type ArticleProps = {
  title: string;
  /** One or two sentences under the heading saying what the page is for. */
  lead?: ReactNode;
  /** Link back to Help & Contact (off for the hub page itself). */
  backToHelp?: boolean;
  children: ReactNode;
};

export function Article({ title, lead, backToHelp = true, children }: ArticleProps) {
  return (
    <article className="mx-auto max-w-3xl">
      {backToHelp && (
        <nav aria-label={breadcrumb} className="mb-3 text-sm">
          <Link to="/help-contact" className="text-brand-700 underline underline-offset-2 dark:text-brand-100">
            {helpContact}
          </Link>
        </nav>
      )}
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
      {lead && <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">{lead}</p>}
      <div className={PROSE}>{children}</div>
    </article>
  );
}

/** A boxed tip or warning inside an article. */
export function Callout({ tone = 'info', title, children }: { tone?: 'info' | 'warning'; title: string; children: ReactNode }) {
  const styles =
    tone === 'warning'
      ? 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50'
      : 'border-brand-600 bg-brand-50 text-gray-900 dark:bg-gray-900 dark:text-gray-100';
  return (
    <aside className={`mt-5 rounded-lg border-l-4 px-4 py-3 ${styles}`}>
      <p className="!mt-0 font-semibold">{title}</p>
      <div className="[&>*:first-child]:mt-1">{children}</div>
    </aside>
  );
}
