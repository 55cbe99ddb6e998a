import type { MiddlewareHandler } from 'hono';
import { bodyLimitFor, FORM_BODY_LIMIT, hasNoBody, refusal } from './body-limit.ts';
import { english } from '../i18n.ts';

const hasControlChar = (v: string) => [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const NUL = String.fromCharCode(0);

export const BAD_ADDRESS = english.errors.badAddress;
export const BAD_ENCODING = english.errors.badEncoding;
export const NUL_IN_BODY = english.errors.nulInBody;
export const NOT_A_FORM = english.errors.notAForm;
export const BAD_FORM = english.errors.formUnreadable;
export const UNREADABLE = english.errors.unreadableBody;

/** Every percent-decoded part of the path and query, or null when one does not decode (bad escape, invalid UTF-8). */
function decodedParts(url: string): string[] | null {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const rest = start < 0 ? '/' : url.slice(start);
  const hash = rest.indexOf('#');
  const noHash = hash < 0 ? rest : rest.slice(0, hash);
  const q = noHash.indexOf('?');
  const path = q < 0 ? noHash : noHash.slice(0, q);
  const query = q < 0 ? '' : noHash.slice(q + 1);
  const raw = [...path.split('/'), ...query.split(/[&=]/).map((p) => p.replace(/\+/g, ' '))];
  try {
    return raw.map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes(NUL) || hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * Hostile bytes stop at the edge with a 4xx and a message, before any route runs:
 * - an address with a broken %-escape, invalid UTF-8 or control characters (NUL, CR, LF...);
 * - a JSON or form body that is not UTF-8, or carries NUL, which PostgreSQL cannot store;
 * - a page form posted as anything but a form (415), or a multipart form that does not parse.
 * Bodies with photos (server/http/body-limit.ts takesPhotos) are streamed by their routes,
 * which check them field by field.
 */
export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const parts = decodedParts(c.req.url);
    if (!parts || parts.some(hasControlChar)) return refusal(c, 400, BAD_ADDRESS);

    if (hasNoBody(c.req.method)) return next();
    const raw = c.req.raw;
    if (!raw.body) return next();
    const type = raw.headers.get('content-type') ?? '';
    const json = /^application\/([\w.+-]+\+)?json\b/i.test(type);
    const form = /^application\/x-www-form-urlencoded\b/i.test(type);
    const multipart = /^multipart\/form-data\b/i.test(type);
    const page = !(c.req.path === '/api' || c.req.path.startsWith('/api/') || c.req.path.startsWith('/sandbox/'));
    if (page && c.req.method !== 'GET' && c.req.method !== 'HEAD' && !form && !multipart) {
      return refusal(c, 415, NOT_A_FORM);
    }
    const smallMultipart = page && multipart && bodyLimitFor(c.req.method, c.req.path, type) === FORM_BODY_LIMIT;
    if (!json && !form && !smallMultipart) return next();

    // Bounded by the body limit (server/http/body-limit.ts), which runs first.
    let bytes: ArrayBuffer;
    try {
      bytes = await raw.arrayBuffer();
    } catch {
      // The body limit stopped the read (it turns this answer into its 413), or the client went away.
      return refusal(c, 400, UNREADABLE);
    }
    if (smallMultipart) {
      let fields: FormData;
      try {
        fields = await new Response(bytes, { headers: { 'content-type': type } }).formData();
      } catch {
        return refusal(c, 400, BAD_FORM);
      }
      for (const [k, v] of fields) if (k.includes(NUL) || (typeof v === 'string' && v.includes(NUL))) return refusal(c, 400, NUL_IN_BODY);
    } else {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        return refusal(c, 400, BAD_ENCODING);
      }
      if (json) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // the route answers malformed JSON in its own words
        }
        if (hasNul(parsed)) return refusal(c, 400, NUL_IN_BODY);
      } else if (text.includes('%00') || text.includes(NUL)) {
        for (const [k, v] of new URLSearchParams(text)) if (k.includes(NUL) || v.includes(NUL)) return refusal(c, 400, NUL_IN_BODY);
      }
    }
    // The body was read here; hand the route an identical one.
    c.req.raw = new Request(raw, { body: bytes });
    return next();
  };
}
