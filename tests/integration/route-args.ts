/**
 * A loader's or action's arguments as React Router passes them to the tests that call one
 * directly: with the page's address as `url` (what loaders read it from, future.v8_passThroughRequests).
 */
export function routeArgs(args: { request: Request; params: Record<string, string>; context: unknown }): never {
  return { ...args, url: new URL(args.request.url) } as never;
}
