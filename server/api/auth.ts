import { createRoute, z } from '@hono/zod-openapi';
import {
  deleteAccount,
  findResetUser,
  logIn,
  registerUser,
  requestPasswordReset,
  resetPassword,
  updateUserDetails,
} from '../auth/accounts.ts';
import {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  TokenQuery,
  UpdateMeInput,
  DeleteMeInput,
  UserSchema,
} from '../auth/schemas.ts';
import { revokeAllSessions, revokeSession } from '../auth/sessions.ts';
import type { Services } from '../context.ts';
import { eraseSessionCookie, writeSessionCookie } from '../http/auth-middleware.ts';
import { badRequest } from '../http/errors.ts';
import { requireAuth } from '../http/guards.ts';
import { toUserJson } from '../users/users.ts';
import { bearer, errorResponses, json, jsonBody as body, MessageSchema } from './openapi.ts';
import { createApiRouter } from './router.ts';
import { ACCOUNT_MESSAGES } from '#kernel/account-rules.ts';
import { say } from '../i18n.ts';

const { registered: REGISTERED, resetRequested: RESET_REQUESTED, resetMissingToken: MISSING_RESET_TOKEN, resetInvalidLink: INVALID_RESET_LINK, resetDone: PASSWORD_RESET } = ACCOUNT_MESSAGES;



const register = createRoute({
  method: 'post',
  path: '/auth/register',
  tags: ['accounts'],
  summary: 'Create an account (then log in)',
  request: { body: body(RegisterInput) },
  responses: {
    201: json(z.object({ message: z.string(), user: UserSchema }), 'Account created'),
    ...errorResponses(400, 429, { 409: 'An account with this e-mail already exists' }),
  },
});

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['accounts'],
  summary: 'Log in: a bearer token in the body and the same session as an httpOnly cookie',
  request: { body: body(LoginInput) },
  responses: {
    200: json(z.object({ user: UserSchema, token: z.string(), message: z.string() }), 'Logged in'),
    ...errorResponses(400, 429, { 401: 'Invalid email or password (the same answer for both)' }),
  },
});

const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['accounts'],
  summary: 'Revoke the current session (bearer token or cookie) and clear the cookie',
  security: bearer,
  responses: { 200: json(MessageSchema, 'Logged out') },
});

const forgotPassword = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  tags: ['accounts'],
  summary: 'E-mail a one-hour reset link; the same answer whether or not the account exists',
  request: { body: body(ForgotPasswordInput) },
  responses: { 200: json(MessageSchema, 'Always, for a well-formed address'), ...errorResponses(400, 429) },
});

const validateReset = createRoute({
  method: 'get',
  path: '/auth/reset-password/validate',
  tags: ['accounts'],
  summary: 'Whether a reset link can still be used',
  request: { query: TokenQuery },
  responses: {
    200: json(z.object({ valid: z.literal(true), message: z.string() }), 'The link can be used'),
    ...errorResponses({ 400: 'Missing, unknown, used, superseded or expired token' }),
  },
});

const reset = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  tags: ['accounts'],
  summary: 'Set a new password with a reset token (query or body); signs out every device',
  request: { query: TokenQuery, body: body(ResetPasswordInput) },
  responses: { 200: json(MessageSchema, 'Password changed'), ...errorResponses(400) },
});

const getMe = createRoute({
  method: 'get',
  path: '/auth/me',
  tags: ['accounts'],
  summary: 'The signed-in user',
  security: bearer,
  responses: { 200: json(UserSchema, 'The user'), ...errorResponses(401) },
});

const putMe = createRoute({
  method: 'put',
  path: '/auth/me',
  tags: ['accounts'],
  summary: 'Edit my details; only the fields sent change. A new e-mail address needs currentPassword',
  security: bearer,
  request: { body: body(UpdateMeInput) },
  responses: { 200: json(UserSchema, 'The updated user'), ...errorResponses(400, 401, { 409: 'E-mail used by another account' }) },
});

const deleteMe = createRoute({
  method: 'delete',
  path: '/auth/me',
  tags: ['accounts'],
  summary: 'Delete my account with its sessions, listings and photos (needs the password)',
  security: bearer,
  request: { body: { required: false, content: { 'application/json': { schema: DeleteMeInput } } } },
  responses: { 200: json(MessageSchema, 'Account deleted'), ...errorResponses(401, 429, { 400: 'Password missing or not correct' }) },
});

const logoutEverywhere = createRoute({
  method: 'post',
  path: '/auth/logout-everywhere',
  tags: ['accounts'],
  summary: 'Revoke every session of the signed-in user, on every device, and clear the cookie',
  security: bearer,
  responses: { 200: json(MessageSchema, 'Signed out everywhere'), ...errorResponses(401) },
});

/** /api/auth: thin handlers over server/auth/accounts.ts. */
export function authRoutes(services: Services) {
  const { db, config } = services;
  const secure = config.secureCookies;
  const app = createApiRouter();

  return app
    .openapi(register, async (c) => {
      const user = await registerUser(services, c.req.valid('json'), c.get('clientIp'));
      return c.json({ message: REGISTERED, user: toUserJson(user) }, 201);
    })
    .openapi(login, async (c) => {
      const { user, session } = await logIn(services, c.req.valid('json'), c.get('clientIp'));
      writeSessionCookie(c, secure, session.token, session);
      return c.json({ user: toUserJson(user), token: session.token, message: say(c.get('locale'), (t) => t.api.loggedIn) }, 200);
    })
    .openapi(logout, async (c) => {
      const auth = c.get('auth');
      if (auth) await revokeSession(db, auth.token);
      eraseSessionCookie(c, secure);
      return c.json({ message: say(c.get('locale'), (t) => t.api.loggedOut) }, 200);
    })
    .openapi(forgotPassword, async (c) => {
      await requestPasswordReset(services, c.req.valid('json').email, c.get('clientIp'));
      return c.json({ message: RESET_REQUESTED }, 200);
    })
    .openapi(validateReset, async (c) => {
      const { token } = c.req.valid('query');
      if (!token) throw badRequest(MISSING_RESET_TOKEN);
      if (!(await findResetUser(db, token))) throw badRequest(INVALID_RESET_LINK);
      return c.json({ valid: true as const, message: say(c.get('locale'), (t) => t.api.resetLinkValid) }, 200);
    })
    .openapi(reset, async (c) => {
      const input = c.req.valid('json');
      // The specification sends the token in the query; an earlier client sent it in the body.
      const token = c.req.valid('query').token || input.token;
      if (!token) throw badRequest(MISSING_RESET_TOKEN);
      await resetPassword(services, token, input.newPassword);
      return c.json({ message: PASSWORD_RESET }, 200);
    })
    .openapi(getMe, (c) => c.json(toUserJson(requireAuth(c.get('auth')).user), 200))
    .openapi(putMe, async (c) => {
      const auth = requireAuth(c.get('auth'));
      const user = await updateUserDetails(services, auth.user, c.req.valid('json'));
      return c.json(toUserJson(user), 200);
    })
    .openapi(deleteMe, async (c) => {
      const auth = requireAuth(c.get('auth'));
      // The body is optional in the contract, so a body-less DELETE is answered "password missing".
      const body = DeleteMeInput.safeParse(await c.req.json().catch(() => ({})));
      await deleteAccount(services, auth.user, body.success ? body.data.password : undefined);
      eraseSessionCookie(c, secure);
      return c.json({ message: say(c.get('locale'), (t) => t.api.accountDeleted) }, 200);
    })
    .openapi(logoutEverywhere, async (c) => {
      const auth = requireAuth(c.get('auth'));
      await revokeAllSessions(db, auth.user.id);
      eraseSessionCookie(c, secure);
      return c.json({ message: ACCOUNT_MESSAGES.signedOutEverywhere }, 200);
    });
}
