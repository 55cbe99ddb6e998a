import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CONTACT_CONFIRMATION, contactSchema, sendContactMessage } from '../contact/contact.ts';
import type { Services } from '../context.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { ApiEnv } from './index.ts';

const ErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
});

const route = createRoute({
  method: 'post',
  path: '/contact',
  tags: ['help'],
  summary: 'Send a message to Soko support',
  description:
    'Stores the message and e-mails it to the support address with Reply-To set to the sender. ' +
    'Limited to 5 messages per IP address per hour. A signed-in sender is linked to the message.',
  request: { body: { required: true, content: { 'application/json': { schema: contactSchema } } } },
  responses: {
    201: {
      description: 'Message received',
      content: { 'application/json': { schema: z.object({ message: z.string(), id: z.string().uuid() }) } },
    },
    400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorBody } } },
    429: { description: 'Too many messages; see Retry-After', content: { 'application/json': { schema: ErrorBody } } },
  },
});

export function contactRoutes(services: Services) {
  const app = new OpenAPIHono<ApiEnv>();
  // The library's own checks throw HTTPException, which the app would report as a 500;
  // answer bad media types and malformed JSON in our one error shape first.
  app.use('/contact', async (c, next) => {
    if (c.req.method !== 'POST') return next();
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError(415, 'Send the message as JSON (Content-Type: application/json).');
    }
    try {
      await c.req.json();
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    return next();
  });
  return app.openapi(
    route,
    async (c) => {
      const auth = c.get('auth');
      const { id } = await sendContactMessage(services, c.req.valid('json'), { ip: c.get('clientIp'), userId: auth?.user.id });
      return c.json({ message: CONTACT_CONFIRMATION, id }, 201);
    },
    // Validation failures use the one error shape (message + errors), not the library's default.
    (result): undefined => {
      if (result.success) return undefined;
      const errors = result.error.issues.map((i) => ({ msg: i.message, path: i.path.map(String).join('.') }));
      throw badRequest(errors[0]?.msg ?? 'Invalid input.', errors);
    },
  );
}

