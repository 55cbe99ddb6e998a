import type { MailMessage } from '../mail/mailer.ts';

/** The account e-mails, plain text and HTML. Links are built from APP_URL, never a request's Host. */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The HTML of a Soko e-mail: paragraphs (HTML, already escaped) and an optional button. Alerts use it too (server/alerts/emails.ts). */
export function html(title: string, paragraphs: string[], button?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(button.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(button.href)}">${escapeHtml(button.href)}</a></p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font:16px/1.5 system-ui,sans-serif;color:#111;margin:0;padding:16px"><div style="max-width:560px;margin:0 auto">` +
    `<h1 style="font-size:20px;color:#047857">Soko</h1>${body}${action}` +
    `<p style="font-size:13px;color:#555">Soko — Powering Ads, Elevating Brands</p></div></body></html>`
  );
}

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function passwordResetEmail(to: { email: string; firstName: string }, link: string): MailMessage {
  const subject = 'Reset your Soko password';
  return {
    to: to.email,
    subject,
    text:
      `Hello ${to.firstName},\n\n` +
      `Someone (hopefully you) asked to reset the password of your Soko account.\n` +
      `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
      `The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.\n\n` +
      `Soko`,
    html: html(
      subject,
      [
        `Hello ${escapeHtml(to.firstName)},`,
        'Someone (hopefully you) asked to reset the password of your Soko account. Open this link within one hour to choose a new password.',
        'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
      ],
      { href: link, label: 'Reset Password' },
    ),
  };
}

export function passwordChangedEmail(to: { email: string; firstName: string }, appUrl: string): MailMessage {
  const subject = 'Your Soko password was changed';
  const forgot = `${appUrl}/forgot-password`;
  return {
    to: to.email,
    subject,
    text:
      `Hello ${to.firstName},\n\n` +
      `The password of your Soko account was just changed, and every device was signed out.\n\n` +
      `If this was not you, reset your password now: ${forgot}\n\n` +
      `Soko`,
    html: html(
      subject,
      [`Hello ${escapeHtml(to.firstName)},`, 'The password of your Soko account was just changed, and every device was signed out.', 'If this was not you, reset your password now.'],
      { href: forgot, label: 'Reset my password' },
    ),
  };
}
