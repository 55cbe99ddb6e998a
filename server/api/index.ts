import { OpenAPIHono } from '@hono/zod-openapi';
import type { Services } from '../context.ts';
import type { AuthVariables } from '../http/auth-middleware.ts';
import type { DeviceVariables } from '../http/device.ts';
import { healthRoutes } from './health.ts';
import { readinessRoutes } from './readiness.ts';
import { authRoutes } from './auth.ts';
import { docsRoutes } from './docs.ts';
import { contactRoutes } from './contact.ts';
import { paymentsRoutes } from './payments.ts';
import { listingsRoutes } from './listings.ts';
import { categoriesRoutes } from './categories.ts';
import { locationsRoutes } from './locations.ts';
import { reportsRoutes } from './reports.ts';
import { phoneVerificationRoutes } from './phone-verification.ts';
import { savedRoutes } from './saved.ts';
import { adminRoutes } from './admin.ts';
import { savedSearchRoutes } from './saved-searches.ts';
import { conversationRoutes } from './conversations.ts';
import { draftRoutes } from './drafts.ts';
import { reviewRoutes } from './reviews.ts';
import { localeFromAcceptLanguage } from '../i18n.ts';
import type { Locale } from '#kernel/i18n/locales.ts';
import { editResponseHeaders } from '../http/response-headers.ts';

export type ApiEnv = { Variables: AuthVariables & Partial<DeviceVariables> & { requestId: string; clientIp: string; locale: Locale } };

/** The JSON API under /api: one sub-app per resource, all described in /api/openapi.json. */
export function createApi(services: Services): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>();
  // The API's language (issue 45): error messages in the language Accept-Language prefers, sw or en.
  api.use('*', async (c, next) => {
    const locale = localeFromAcceptLanguage(c.req.header('Accept-Language'));
    // Read by the error handler (server/app.ts) and the handlers' success messages (say).
    c.set('locale', locale);
    await next();
    editResponseHeaders(c, (headers) => {
      headers.set('Content-Language', locale);
      headers.append('Vary', 'Accept-Language');
    });
  });
  api.route('/', healthRoutes(services));
  api.route('/', readinessRoutes(services));
  // Resource sub-apps are mounted here, one line each.
  api.route('/', authRoutes(services));
  api.route('/', contactRoutes(services));
  api.route('/', paymentsRoutes(services));
  api.route('/', listingsRoutes(services));
  api.route('/', categoriesRoutes(services));
  api.route('/', locationsRoutes());
  api.route('/', reportsRoutes(services));
  api.route('/', phoneVerificationRoutes(services));
  api.route('/', savedRoutes(services));
  api.route('/', adminRoutes(services));
  api.route('/', savedSearchRoutes(services));
  api.route('/', conversationRoutes(services));
  api.route('/', draftRoutes(services));
  api.route('/', reviewRoutes(services));
  docsRoutes(api, services);
  return api;
}
