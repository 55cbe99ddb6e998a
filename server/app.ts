import { DARAJA_SANDBOX_PATH } from './payments/service.ts';
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';
import { createApi } from './api/index.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { RequestContext, Services } from './context.ts';
import { clearedSessionCookie, resolveAuth, sessionCookie, type AuthVariables } from './http/auth-middleware.ts';
import { bodyLimits } from './http/body-limit.ts';
import { compression } from './http/compression.ts';
import { sameOriginGuard } from './http/csrf.ts';
import { deviceId, type DeviceVariables } from './http/device.ts';
import { noStoreForPrivateResponses } from './http/private-responses.ts';
import { RETRY_AFTER_SECONDS } from './http/db-errors.ts';
import { expectedError } from './http/error-translation.ts';
import { isAppError } from './http/errors.ts';
import { catalogFor } from './i18n.ts';
import { inputGuard } from './http/input-guard.ts';
import { withDatabaseFaultPages, withRetryAfter } from './http/page-errors.ts';
import { pwaRoutes } from './http/pwa-routes.ts';
import { languageRoutes, swahiliChoiceRedirect } from './http/language-routes.ts';
import { withoutBasenameInRedirects } from './http/locale-redirects.ts';
import { seoRoutes } from './http/seo-routes.ts';
import { IMMUTABLE, mediaRoutes } from './http/media-routes.ts';
import { SMS_SANDBOX_PATH } from './sms/service.ts';
import { localeBuildDir, localeOfPath, type Locale } from '#kernel/i18n/locales.ts';

type AppEnv = {
  Variables: AuthVariables & DeviceVariables & { requestId: string; clientIp: string; secureHeadersNonce?: string; locale?: Locale };
};

type AppOptions = {
  /** The React Router server build; omitted by API-only integration tests. */
  getBuild?: () => Promise<ServerBuild>;
  /**
   * The Swahili pages' build (basename /sw; docs/decisions/swahili-i18n.md), answering /sw and
   * /sw/…; without it those paths go to the English build, which has no such page.
   */
  getSwahiliBuild?: () => Promise<ServerBuild>;
  /** Serve build/client (production). The dev server lets Vite serve assets instead. */
  serveClientAssets?: boolean;
};

/** Builds the whole HTTP application (API, media, assets, pages). Exported, not started. */
export function createApp(services: Services, options: AppOptions = {}): Hono<AppEnv> {
  const { config, logger } = services;
  const appOrigin = new URL(config.appUrl).origin;
  const app = new Hono<AppEnv>();
  if (services.media.kind === 'local') fs.mkdirSync(config.mediaDir, { recursive: true });

  app.use(requestId({ headerName: 'X-Request-Id', generator: () => crypto.randomUUID() }));
  app.use(async (c, next) => {
    c.set('clientIp', clientIp(c, config.trustProxy));
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    const line = { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request');
  });
  app.use(compression());
  app.use(securityHeaders(config));

  // Before anything reads a body: a limit that fits each route, then hostile bytes refused.
  app.use(bodyLimits());
  app.use(inputGuard());

  app.onError((error, c) => {
    // The API's language (server/api/index.ts); English for what never reached it.
    const locale = c.get('locale') ?? 'en';
    const expected = expectedError(error, locale);
    if (expected) {
      // A database restart or a value the database refuses is worth a line in the logs.
      if (!isAppError(error)) logger.warn({ reqId: c.get('requestId'), err: error, status: expected.status }, 'refused');
      for (const [k, v] of Object.entries(expected.headers ?? {})) c.header(k, v);
      return c.json(expected.toJSON(), expected.status as 400);
    }
    logger.error({ reqId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json({ message: catalogFor(locale).errors.serverError, requestId: c.get('requestId') }, 500);
  });

  app.use(sameOriginGuard(appOrigin));
  app.use(noStoreForPrivateResponses());
  app.use('/api/*', resolveAuth(services));
  app.use('/api/listings/:id/phone', deviceId({ secure: config.secureCookies, key: services.deviceKey }));
  app.use('/api/listings/:id/reports', deviceId({ secure: config.secureCookies, key: services.deviceKey }));
  app.route('/api', createApi(services));
  app.all('/api/*', (c) => c.json({ message: catalogFor(c.get('locale') ?? 'en').errors.notFound }, 404));

  // robots.txt, the sitemaps and the redirects of typed paths (/login); a database fault here is the API's 503.
  app.route('/', seoRoutes({ db: services.db, appUrl: config.appUrl, mediaBase: config.media.publicUrl }));
  // The web app manifest and the service worker written for this build (server/pwa/).
  app.route('/', pwaRoutes({ getBuild: options.getBuild, getSwahiliBuild: options.getSwahiliBuild }));
  // The footer's language switch (docs/decisions/swahili-i18n.md).
  app.route('/', languageRoutes({ secureCookies: config.secureCookies }));

  // The local folder's files are sent as files; a bucket's, derived files not stored yet and the placeholder by mediaRoutes.
  if (services.media.kind === 'local') {
    app.use(
      '/media/*',
      staticFiles({ root: path.relative(process.cwd(), config.mediaDir) || '.', rewriteRequestPath: (p) => p.replace(/^\/media/, '') }, IMMUTABLE),
    );
  }
  app.route('/', mediaRoutes({ media: services.media, queue: services.images.queue, db: services.db, logger }));
  // The fake Flutterwave (hosted page and API) when no provider keys are set; see server/payments/sandbox.
  if (services.payments?.sandbox) app.route('/sandbox/flutterwave', services.payments.sandbox.app);
  // The fake Daraja (OAuth, STK Push and Query, the simulated phone) when no DARAJA_* keys are set; see server/payments/mpesa/sandbox.ts.
  if (services.payments?.mpesa?.sandbox) app.route(DARAJA_SANDBOX_PATH, services.payments.mpesa.sandbox.app);
  // The fake Africa's Talking SMS API when no AT_API_KEY is set; see server/sms/sandbox.ts.
  if (services.sms?.sandbox) app.route(SMS_SANDBOX_PATH, services.sms.sandbox.app);

  if (options.serveClientAssets) {
    const clientRoot = path.relative(process.cwd(), path.join(config.buildDir, 'client')) || '.';
    // Vite puts a content hash in every asset name; other public files may change.
    // The build writes .br and .gz beside each script and stylesheet (vite.config.ts): sent as they are.
    app.use('/assets/*', staticFiles({ root: clientRoot, precompressed: true }, IMMUTABLE));
    // The Swahili build's scripts: those it shares with the English build (same name, same
    // content) come from the English folder above, the rest from its own.
    if (options.getSwahiliBuild) {
      const swahiliRoot = path.relative(process.cwd(), path.join(localeBuildDir(config.buildDir, 'sw'), 'client')) || '.';
      app.use('/assets/*', staticFiles({ root: swahiliRoot, precompressed: true }, IMMUTABLE));
    }
    app.use('*', staticFiles({ root: clientRoot }, 'public, max-age=3600'));
  }

  const builds: Partial<Record<Locale, () => Promise<ServerBuild>>> = { en: options.getBuild, sw: options.getSwahiliBuild };
  if (options.getBuild) {
    const mode = config.env === 'development' ? 'development' : 'production';
    // One handler per build. Given a function, React Router derives its route tables again on
    // every request (a third of the CPU of a page's shell); the build changes only when the dev
    // server rebuilds, which hands back a new module object.
    const handlers = new WeakMap<ServerBuild, RequestHandler>();
    const handle = async (locale: Locale, request: Request, context: RequestContext) => {
      const build = await (builds[locale] ?? options.getBuild!)();
      let handler = handlers.get(build);
      if (!handler) {
        // A Swahili page's redirect written from its own address keeps one /sw, not two (server/http/locale-redirects.ts).
        handler = createRequestHandler(withDatabaseFaultPages(locale === 'sw' ? withoutBasenameInRedirects(build) : build), mode);
        handlers.set(build, handler);
      }
      return handler(request, context as never);
    };
    // A visitor who chose Swahili with the switch, asking for an English page, is sent to its /sw twin.
    if (builds.sw) app.use('*', swahiliChoiceRedirect());
    app.use('*', resolveAuth(services));
    app.use('*', deviceId({ secure: config.secureCookies, key: services.deviceKey }));
    app.all('*', async (c) => {
      const cookies: string[] = [];
      // /sw and /sw/… are the Swahili build's when there is one (docs/decisions/swahili-i18n.md).
      const locale: Locale = builds.sw && localeOfPath(c.req.path) === 'sw' ? 'sw' : 'en';
      const context: RequestContext = {
        ...services,
        locale,
        requestId: c.get('requestId'),
        clientIp: c.get('clientIp'),
        deviceId: c.get('deviceId'),
        deviceKnown: c.get('deviceKnown'),
        nonce: c.get('secureHeadersNonce') ?? '',
        auth: c.get('auth'),
        setSessionCookie: (token, o) => void cookies.push(sessionCookie(config.secureCookies, token, o)),
        clearSessionCookie: () => void cookies.push(clearedSessionCookie(config.secureCookies)),
      };
      const response = withRetryAfter(await handle(locale, c.req.raw, context), RETRY_AFTER_SECONDS);
      if (cookies.length === 0) return response;
      const headers = new Headers(response.headers);
      for (const cookie of cookies) headers.append('Set-Cookie', cookie);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
  }
  return app;
}

/** Files from a folder with the given Cache-Control; anything not found goes on to the next handler. */
function staticFiles(options: Parameters<typeof serveStatic>[0], cache: string): MiddlewareHandler {
  const serve = serveStatic(options);
  return async (c, next) => {
    let missed = false;
    const response = await serve(c, async () => {
      missed = true;
    });
    if (missed || !response) return next();
    if (response.status === 200) response.headers.set('Cache-Control', cache);
    return response;
  };
}

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
