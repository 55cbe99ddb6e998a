/** `<title>` and meta description for a page: the route's `meta` export returns this. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} — Soko` }, { name: 'description', content: description }];
}
