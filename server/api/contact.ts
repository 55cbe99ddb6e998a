import { createRoute, z } from '@hono/zod-openapi';
import { CONTACT_CONFIRMATION, contactSchema, sendContactMessage } from '../contact/contact.ts';
import type { Services } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { createApiRouter } from './router.ts';

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
  const app = createApiRouter();
  // Without this the JSON validator would see an empty object and report missing fields.
  app.use('/contact', async (c, next) => {
    if (c.req.method !== 'POST') return next();
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError(415, (t) => t.errors.sendMessageJson);
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
  );
}

