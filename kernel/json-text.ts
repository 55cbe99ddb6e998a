/**
 * JSON as text, typed by what it holds: a page's cards as the database wrote them
 * (server/listings/listing-json.ts), handed to the browser as they are.
 *
 * Loader data reaches the browser encoded by React Router's turbo-stream one value at a time:
 * 24 cards are some 300 values to encode on the server's event loop, the one thread that runs
 * every request's loaders, and as many to decode on the phone. As one string they are a single
 * value each way, parsed where the page is rendered (the server, or the browser) by
 * `JSON.parse`, which is far quicker than either.
 */
export type JsonText<T> = string & { readonly parsesTo?: T };

export function jsonText<T>(text: string): JsonText<T> {
  return text as JsonText<T>;
}

export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
