import { createRoute, z } from '@hono/zod-openapi';
import { PHONE_CODE_LENGTH, PHONE_VERIFY_MESSAGES } from '#kernel/phone-verification-rules.ts';
import type { Services } from '../context.ts';
import { requireAuth } from '../http/guards.ts';
import { confirmPhoneCode, sendPhoneCode } from '../users/phone-verification.ts';
import { bearer, errorResponses, json, jsonBody, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';

const routes = {
  send: createRoute({
    method: 'post',
    path: '/auth/phone/code',
    tags: ['auth'],
    summary: 'Text a one-time code to the signed-in user’s phone number',
    description:
      `Sends a ${PHONE_CODE_LENGTH}-digit code by SMS (Africa's Talking) that expires in 10 minutes; a new request replaces the old code. ` +
      'One text a minute, 5 a day per account and per number.',
    security: bearer,
    responses: {
      200: json(MessageSchema, 'Sent; the message says where to'),
      ...errorResponses(401, 429, { 400: 'No phone number, already verified, or the number cannot receive texts', 502: 'The SMS gateway failed; try again later', 503: 'SMS is not configured' }),
    },
  }),
  verify: createRoute({
    method: 'post',
    path: '/auth/phone/verify',
    tags: ['auth'],
    summary: 'Confirm the code; the current phone number becomes verified',
    description: 'Five wrong codes end the code. Changing the phone number later clears verification.',
    security: bearer,
    request: { body: jsonBody(z.object({ code: z.string().openapi({ example: '123456' }) }).openapi('PhoneCode')) },
    responses: {
      200: json(MessageSchema, 'Verified'),
      ...errorResponses(401, { 400: 'Wrong, expired or malformed code, or the number changed since it was sent' }),
    },
  }),
};

export function phoneVerificationRoutes(services: Services) {
  const app = createApiRouter();
  app.openapi(routes.send, async (c) => {
    const auth = requireAuth(c.get('auth'));
    return c.json({ message: await sendPhoneCode(services, auth.user) }, 200);
  });
  app.openapi(routes.verify, async (c) => {
    const auth = requireAuth(c.get('auth'));
    await confirmPhoneCode(services.db, auth.user, c.req.valid('json').code);
    return c.json({ message: PHONE_VERIFY_MESSAGES.verified }, 200);
  });
  return app;
}
