import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.ts';

/**
 * The security headers of every response (DESIGN.md section 8). Pages get a Content Security
 * Policy whose scripts need a fresh nonce per response (app/entry.server.tsx reads it). The API
 * answers data that no browser should run: its policy allows no script and nothing from
 * anywhere, only inline style, and needs no nonce (making one, 16 random bytes, was about 1% of
 * the server's thread on a search).
 */
export function securityHeaders(config: Pick<Config, 'env' | 'secureCookies'>): MiddlewareHandler {
  const common: Parameters<typeof secureHeaders>[0] = {
    strictTransportSecurity: config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  };
  const pages = secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Vite's hot-reload socket in development only.
      connectSrc: config.env === 'development' ? ["'self'", 'ws:'] : ["'self'"],
      fontSrc: ["'self'"],
      // The service worker (/sw.js) and the web app manifest come from our own origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      // Form posts may redirect to the payment provider's hosted checkout.
      formAction: ["'self'", 'https://checkout.flutterwave.com', 'https://*.flutterwave.com'],
    },
  });
  const api = secureHeaders({
    ...common,
    // Its one page, /api/docs (server/api/docs.ts), is styled inline and runs no script.
    contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  });
  return (c, next) => (c.req.path.startsWith('/api/') ? api(c, next) : pages(c, next));
}
