import { z } from '@hono/zod-openapi';

/**
 * The pieces every API route declaration shares: the one error body (what server/app.ts's
 * error handler writes for every AppError), the response helpers, and the id parameter.
 */
const ErrorSchema = z
  .object({ message: z.string(), errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional() })
  .openapi('Error');

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

/** Routes that take a bearer token (or the session cookie). */
export const bearer = [{ bearer: [] }];

const DEFAULT_ERRORS = {
  400: 'Invalid input: message, and errors [{msg, path}] per field',
  401: 'Not signed in, or the session was revoked',
  403: 'Not allowed: it belongs to someone else',
  404: 'Not found',
  409: 'Conflict with what is stored',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Too many attempts; see Retry-After',
  502: 'An outside service refused or could not be reached',
  503: 'Temporarily unavailable; see Retry-After',
} as const;

type ErrorStatus = keyof typeof DEFAULT_ERRORS;
type ErrorResponse = ReturnType<typeof json<typeof ErrorSchema>>;

/**
 * Error responses for a route: `errorResponses(400, 401)` with the usual descriptions, or
 * `errorResponses({ 404: 'No such listing' })` to say what the status means there.
 */
type Spec = ErrorStatus | Partial<Record<ErrorStatus, string>>;
type StatusOf<X> = X extends ErrorStatus ? X : Extract<keyof X, ErrorStatus>;

export function errorResponses<const A extends Spec[]>(...specs: A): Record<StatusOf<A[number]>, ErrorResponse> {
  const out: Partial<Record<ErrorStatus, ErrorResponse>> = {};
  for (const spec of specs) {
    if (typeof spec === 'object') for (const [status, description] of Object.entries(spec)) out[Number(status) as ErrorStatus] = json(ErrorSchema, description);
    else out[spec] = json(ErrorSchema, DEFAULT_ERRORS[spec]);
  }
  return out as Record<StatusOf<A[number]>, ErrorResponse>;
}

/** A UUID in the path; anything else is answered 404 by the handler's lookup, not 400. */
export const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '0b0e0f57-6b5e-4d0e-9d55-2d4b8f0c6f3a' }) });
