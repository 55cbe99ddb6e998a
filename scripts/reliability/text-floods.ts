/**
 * Flood phase additions (issue 49, point 5): 100 MB JSON and urlencoded bodies, anonymous, to
 * the routes that take photos. Only their multipart bodies may be large; these must be refused
 * with 413 before they are read, like any other text body.
 */
type Head = (method: string, target: string, headers: string) => string;
export type FloodKind = { name: string; head: () => string; chunked: boolean };

export function textBodiesToPhotoRoutes(h: Head, origin: string): FloodKind[] {
  const routes = [
    ['POST', '/api/listings'],
    ['PUT', '/api/listings/3f1c2a4e-0000-4000-8000-000000000000'],
    ['POST', '/post-ad'],
  ] as const;
  const types = [
    ['JSON', 'application/json', false],
    ['urlencoded', 'application/x-www-form-urlencoded', true],
  ] as const;
  return routes.flatMap(([method, target]) =>
    types.map(([label, type, chunked]) => ({
      name: `${label} to ${method} ${target.replace(/[0-9a-f-]{36}/, ':id')}, ${chunked ? 'chunked' : 'declared length'}`,
      head: () => h(method, target, `Content-Type: ${type}\r\nOrigin: ${origin}\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${100 * 1024 * 1024}`}\r\n`),
      chunked,
    })),
  );
}
