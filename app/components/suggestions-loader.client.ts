import suggestUrl from 'virtual:search-suggest-url';

/**
 * Fetches the header's suggestions code (its own chunk: scripts/search-suggest-url-plugin.ts) and
 * attaches it to the box. A `.client` module: the server's build gets `undefined` in its place,
 * so the server's one file holds no import() (docs/decisions/server-build-one-file.md).
 */
export function attachSuggestions(input: HTMLInputElement): void {
  void import(/* @vite-ignore */ suggestUrl).then((m: typeof import('./search-suggest')) => m.attach(input));
}
