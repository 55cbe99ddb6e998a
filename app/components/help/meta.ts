import { originOf, seoMeta } from '~/lib/seo';

type MetaArgs = { location: { pathname: string }; matches: readonly ({ id: string; data?: unknown } | undefined)[] };

/**
 * `<title>`, description, canonical and preview tags for a help or sample page: the route's
 * `meta` returns this. The sample pages are signed-in only and stay out of the index.
 */
export function pageMeta(args: MetaArgs, title: string, description: string, options: { noindex?: boolean } = {}) {
  return seoMeta({ origin: originOf(args.matches), path: args.location.pathname, title: `${title} | Soko`, description, noindex: options.noindex });
}
