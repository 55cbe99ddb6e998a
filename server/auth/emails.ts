import type { Locale } from '#kernel/i18n/locales.ts';
import { asLocale, catalogFor, pagePath } from '../i18n.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { emailHtml, escapeHtml } from '../mail/template.ts';

/**
 * The account e-mails, plain text and HTML, in the account's language (users.locale; links to
 * its pages: /sw/… in Swahili). Links are built from APP_URL, never a request's Host.
 */

const html = emailHtml;

type Recipient = { email: string; firstName: string; locale?: string | null };

export function resetLink(appUrl: string, token: string, locale: Locale = 'en'): string {
  return `${appUrl}${pagePath(locale, '/reset-password')}?token=${encodeURIComponent(token)}`;
}

export function passwordResetEmail(to: Recipient, link: string): MailMessage {
  const t = catalogFor(asLocale(to.locale));
  const m = t.mail;
  const subject = m.resetSubject;
  return {
    to: to.email,
    subject,
    text: `${m.hello({ name: to.firstName })}\n\n` + `${m.resetAsked}\n` + `${m.resetOpen}:\n\n${link}\n\n` + `${m.resetOnce}\n\n` + `Soko`,
    html: html(subject, [m.hello({ name: escapeHtml(to.firstName) }), `${m.resetAsked} ${m.resetOpen}.`, m.resetOnce], { href: link, label: m.resetButton }, t),
  };
}

export function passwordChangedEmail(to: Recipient, appUrl: string): MailMessage {
  const locale = asLocale(to.locale);
  const t = catalogFor(locale);
  const m = t.mail;
  const subject = m.changedSubject;
  const forgot = `${appUrl}${pagePath(locale, '/forgot-password')}`;
  return {
    to: to.email,
    subject,
    text: `${m.hello({ name: to.firstName })}\n\n` + `${m.changedBody}\n\n` + `${m.changedNotYou}: ${forgot}\n\n` + `Soko`,
    html: html(subject, [m.hello({ name: escapeHtml(to.firstName) }), m.changedBody, `${m.changedNotYou}.`], { href: forgot, label: m.changedButton }, t),
  };
}
