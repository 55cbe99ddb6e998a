import { formatPrice } from '#kernel/money.ts';
import { emailHtml as html, escapeHtml } from '../mail/template.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** An ad in an alert e-mail. */
export type AlertAd = { id: string; title: string; price: number | null; currency: string; location: string };

export type AlertEmail = {
  to: { email: string; firstName: string };
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

const plural = (n: number) => `${n} new ad${n === 1 ? '' : 's'}`;

/**
 * An alert: new ads matching a saved search, instant or as the daily digest. Every one carries
 * List-Unsubscribe (the one-click link, RFC 2369) and List-Unsubscribe-Post (RFC 8058), so a
 * mail app can offer Unsubscribe and stop the alert with one POST, and the same link in the text.
 */
export function alertEmail(a: AlertEmail): MailMessage {
  const subject =
    a.kind === 'daily'
      ? `Daily digest: ${plural(a.total)} for ${a.label}`
      : a.total === 1
        ? `New ad for ${a.label}: ${a.ads[0]!.title}`
        : `${plural(a.total)} for ${a.label}`;
  const adUrl = (ad: AlertAd) => `${a.appUrl}/listing/${ad.id}`;
  const line = (ad: AlertAd) => `${ad.title} — ${formatPrice(ad.price, ad.currency)} — ${ad.location}`;
  const more = a.total > a.ads.length ? a.total - a.ads.length : 0;
  const intro = a.kind === 'daily' ? `Since yesterday's digest, ${plural(a.total)} match your saved search ${a.label}.` : `${a.total === 1 ? 'A new ad matches' : `${plural(a.total)} match`} your saved search ${a.label}.`;
  const why = `You get this e-mail because you saved this search on Soko with ${a.kind === 'daily' ? 'a daily digest' : 'instant alerts'}.`;
  const text =
    `Hello ${a.to.firstName},\n\n${intro}\n\n` +
    a.ads.map((ad) => `- ${line(ad)}\n  ${adUrl(ad)}`).join('\n') +
    (more ? `\n- and ${more} more` : '') +
    `\n\nSee them all: ${a.resultsUrl}\n\n` +
    `${why}\nChange how often, or delete the search: ${a.manageUrl}\n` +
    `Stop these e-mails (one click, no sign-in): ${a.unsubscribeUrl}\n\nSoko`;
  const list =
    `<ul style="margin:0;padding-left:20px">` +
    a.ads.map((ad) => `<li style="margin:0 0 8px"><a href="${escapeHtml(adUrl(ad))}">${escapeHtml(ad.title)}</a><br>${escapeHtml(formatPrice(ad.price, ad.currency))} · ${escapeHtml(ad.location)}</li>`).join('') +
    (more ? `<li>and ${more} more</li>` : '') +
    `</ul>`;
  const footer =
    `<span style="font-size:13px;color:#555">${escapeHtml(why)} <a href="${escapeHtml(a.manageUrl)}">Change how often, or delete the search</a>. ` +
    `<a href="${escapeHtml(a.unsubscribeUrl)}">Unsubscribe from this alert</a>.</span>`;
  return {
    to: a.to.email,
    subject,
    text,
    html: html(subject, [`Hello ${escapeHtml(a.to.firstName)},`, escapeHtml(intro), list, footer], { href: a.resultsUrl, label: 'See them all' }),
    headers: {
      'List-Unsubscribe': `<${a.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
