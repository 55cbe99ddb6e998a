import type { MailMessage } from '../mail/mailer.ts';
import { emailHtml, escapeHtml } from '../mail/template.ts';

/** The account e-mails, plain text and HTML. Links are built from APP_URL, never a request's Host. */

const html = emailHtml;

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
