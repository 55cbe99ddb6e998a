/**
 * A small labelled SVG as a data: URL, standing in for a photo on sample pages. Inline data
 * keeps sample pages free of network requests and within the CSP (img-src 'self' data:).
 */
export function sampleImage(label: string, background: string): string {
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300' viewBox='0 0 400 300'>` +
    `<rect width='400' height='300' fill='${background}'/>` +
    `<text x='200' y='165' font-family='system-ui,sans-serif' font-size='30' font-weight='700' fill='#ffffff' text-anchor='middle'>${label}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
