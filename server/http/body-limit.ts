import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { MAX_IMAGES } from '#kernel/listing-rules.ts';
import { MAX_IMAGE_BYTES } from '../media/images.ts';
import { escapeHtml } from './escape-html.ts';
import { catalogFor, english, englishText, localeFromAcceptLanguage, pagePath, translateErrorText } from '../i18n.ts';
import { localeOfPath } from '#kernel/i18n/locales.ts';

/** JSON API bodies and page forms: the longest real one (an ad's 5,000-character description) is well under this. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** An ad with photos: ten of 10 MB, plus the text fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;
/** One photo uploaded to a draft (issue 48, server/api/drafts.ts), plus the multipart framing. */
export const DRAFT_PHOTO_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

/**
 * The routes that take photos: the API's create and update, and the post-ad page's action (with
 * JavaScript, its .data twin), and only as multipart/form-data, the one encoding that carries
 * files. The same routes' JSON or urlencoded bodies are text and get the small limit: read
 * whole before the sign-in is checked, 100 MB of text would be held in memory for nothing.
 */
function takesPhotos(method: string, path: string, contentType: string): boolean {
  if (method !== 'POST' && method !== 'PUT') return false;
  if (!/^multipart\/form-data\b/i.test(contentType.trim())) return false;
  return /^\/api\/listings(\/[^/]+)?\/?$/.test(path) || /^\/post-ad(\.data)?\/?$/.test(path);
}

export function bodyLimitFor(method: string, path: string, contentType: string): number {
  if (method === 'POST' && /^multipart\/form-data\b/i.test(contentType.trim()) && /^\/api\/drafts\/[^/]+\/photos\/?$/.test(path)) return DRAFT_PHOTO_BODY_LIMIT;
  return takesPhotos(method, path, contentType) ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

function tooLargeMessage(limit: number): string {
  if (limit === DRAFT_PHOTO_BODY_LIMIT) return english.errors.imageTooLarge;
  return limit === UPLOAD_BODY_LIMIT ? english.errors.uploadTooLarge : englishText((t) => t.errors.requestTooLarge({ kb: Math.round(limit / 1024) }));
}

/**
 * Every route has a body limit that fits it. A declared Content-Length over the limit is
 * refused before a byte of the body is read; a chunked body is counted while the handler
 * streams it, and refused the moment it passes the limit. Either way the answer is 413 with
 * `Connection: close`, so the rest of the body is never read.
 */
export function bodyLimits(): MiddlewareHandler {
  return async (c, next) => {
    if (hasNoBody(c.req.method)) return next();
    const raw = c.req.raw;
    if (!raw.body) return next();
    const limit = bodyLimitFor(c.req.method, c.req.path, raw.headers.get('content-type') ?? '');
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding')) {
      // Node's parser never delivers more than the declared length.
      return Number(declared) > limit ? tooLarge(c, limit) : next();
    }
    let size = 0;
    let exceeded = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > limit) {
            exceeded = true;
            controller.error(new Error(tooLargeMessage(limit)));
          } else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    // Whatever the handler made of the failed read, the answer is the 413.
    if (exceeded) c.res = tooLarge(c, limit);
  };
}

function tooLarge(c: Context, limit: number): Response {
  lingerOnClose(c);
  return refusal(c, 413, tooLargeMessage(limit), { Connection: 'close' });
}

/** How long, and for how many more bytes, a refused upload's connection stays open after the 413. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A client still sending when the 413 goes out would have the answer wiped by a TCP reset if
 * the socket closed at once (unread data makes the kernel reset instead of close). So the
 * connection closes our side after the answer, then reads and discards what still arrives for a
 * moment (bounded in time and bytes) before it is destroyed: the client can read its 413.
 */
function lingerOnClose(c: Context): void {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket) return;
  socket.destroySoon = function linger(this: Socket) {
    this.end();
    const until = this.bytesRead + LINGER_BYTES;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.on('data', () => {
      if (this.bytesRead > until) this.destroy();
    });
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}

/**
 * A refusal made outside the routes: the API's `{ message }`, or for pages a small HTML page
 * (the request never reached React Router, so its error page cannot be rendered).
 */
export function refusal(c: Context, status: 400 | 413 | 415 | 503, message: string, headers: Record<string, string> = {}): Response {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    // Before the API's language middleware: in the language Accept-Language asks for, as the API answers.
    const locale = localeFromAcceptLanguage(c.req.header('Accept-Language'));
    return c.json({ message: translateErrorText(message, locale) }, status, { ...headers, 'Content-Language': locale, Vary: 'Accept-Language' });
  }
  // In the language of the page asked for: /sw/… is Swahili.
  const locale = localeOfPath(c.req.path);
  const t = catalogFor(locale).errors;
  const title = { 400: t.refusalBadRequest, 413: t.refusalTooLarge, 415: t.refusalNotAForm, 503: t.refusalUnavailable }[status];
  return c.html(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${title} | Soko</title></head><body style="font:16px/1.5 system-ui,sans-serif;margin:2rem">` +
      `<h1>${status}: ${title}</h1><p>${escapeHtml(translateErrorText(message, locale))}</p><p><a href="${pagePath(locale, '/')}">${t.refusalGoHome}</a></p></body></html>`,
    status,
    headers,
  );
}

/**
 * GET and HEAD: Node's adapter gives them no body, and asking its request for one builds the
 * whole Fetch Request (an AbortController, the headers copied): 3-4% of the main thread's time
 * on a search answer.
 */
export const hasNoBody = (method: string) => method === 'GET' || method === 'HEAD';
