/** The one look of our e-mails (plain text goes beside it): a heading, paragraphs, an optional button. */

import { escapeHtml } from '../http/escape-html.ts';
import { english, type Catalog } from '../i18n.ts';

export { escapeHtml };

/** `paragraphs` are HTML already (escape what they quote). `t`: the recipient's language (server/i18n.ts). */
export function emailHtml(title: string, paragraphs: string[], button?: { href: string; label: string }, t: Catalog = english): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(button.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t.mail.buttonFallback)}<br><a href="${escapeHtml(button.href)}">${escapeHtml(button.href)}</a></p>`
    : '';
  return (
    `<!doctype html><html lang="${t.mail.htmlLang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font:16px/1.5 system-ui,sans-serif;color:#111;margin:0;padding:16px"><div style="max-width:560px;margin:0 auto">` +
    `<h1 style="font-size:20px;color:#047857">Soko</h1>${body}${action}` +
    `<p style="font-size:13px;color:#555">${escapeHtml(t.mail.slogan)}</p></div></body></html>`
  );
}
