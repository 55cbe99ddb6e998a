import { formatPrice } from '#kernel/money.ts';
import { emailHtml as html, escapeHtml } from '../mail/template.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { asLocale, catalogFor, pagePath } from '../i18n.ts';

/** An ad in an alert e-mail. */
export type AlertAd = { id: string; title: string; price: number | null; currency: string; location: string };

export type AlertEmail = {
  /** `locale`: the recipient's language (users.locale); English when none. */
  to: { email: string; firstName: string; locale?: string | null };
  kind: 'instant' | 'daily';
  /** The saved search in words (searchLabel). */
  label: string;
  /** Absolute links: the results page, Saved searches, and the one-click unsubscribe. */
  resultsUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
  appUrl: string;
  /** The ads to show (at most a screenful) and how many there are in all. */
  ads: AlertAd[];
  total: number;
};

/**
 * An alert: new ads matching a saved search, instant or as the daily digest. Every one carries
 * List-Unsubscribe (the one-click link, RFC 2369) and List-Unsubscribe-Post (RFC 8058), so a
 * mail app can offer Unsubscribe and stop the alert with one POST, and the same link in the text.
 */
export function alertEmail(a: AlertEmail): MailMessage {
  const locale = asLocale(a.to.locale);
  const t = catalogFor(locale);
  const m = t.mail;
  const subject =
    a.kind === 'daily'
      ? m.alertDailySubject({ n: a.total, label: a.label })
      : a.total === 1
        ? m.alertOneSubject({ label: a.label, title: a.ads[0]!.title })
        : m.alertSubject({ n: a.total, label: a.label });
  const adUrl = (ad: AlertAd) => `${a.appUrl}${pagePath(locale, `/listing/${ad.id}`)}`;
  const line = (ad: AlertAd) => `${ad.title} — ${formatPrice(ad.price, ad.currency)} — ${ad.location}`;
  const more = a.total > a.ads.length ? a.total - a.ads.length : 0;
  const intro = a.kind === 'daily' ? m.alertDailyIntro({ n: a.total, label: a.label }) : m.alertIntro({ n: a.total, label: a.label });
  const why = a.kind === 'daily' ? m.alertWhyDaily : m.alertWhyInstant;
  const text =
    `${m.hello({ name: a.to.firstName })}\n\n${intro}\n\n` +
    a.ads.map((ad) => `- ${line(ad)}\n  ${adUrl(ad)}`).join('\n') +
    (more ? `\n- ${m.andMore({ n: more })}` : '') +
    `\n\n${m.seeThemAll}: ${a.resultsUrl}\n\n` +
    `${why}\n${m.changeOrDelete}: ${a.manageUrl}\n` +
    `${m.stopEmails}: ${a.unsubscribeUrl}\n\nSoko`;
  const list =
    `<ul style="margin:0;padding-left:20px">` +
    a.ads.map((ad) => `<li style="margin:0 0 8px"><a href="${escapeHtml(adUrl(ad))}">${escapeHtml(ad.title)}</a><br>${escapeHtml(formatPrice(ad.price, ad.currency))} · ${escapeHtml(ad.location)}</li>`).join('') +
    (more ? `<li>${m.andMore({ n: more })}</li>` : '') +
    `</ul>`;
  const footer =
    `<span style="font-size:13px;color:#555">${escapeHtml(why)} <a href="${escapeHtml(a.manageUrl)}">${m.changeOrDelete}</a>. ` +
    `<a href="${escapeHtml(a.unsubscribeUrl)}">${m.unsubscribeAlert}</a>.</span>`;
  return {
    to: a.to.email,
    subject,
    text,
    html: html(subject, [m.hello({ name: escapeHtml(a.to.firstName) }), escapeHtml(intro), list, footer], { href: a.resultsUrl, label: m.seeThemAll }, t),
    headers: {
      'List-Unsubscribe': `<${a.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
