import { data, redirect } from 'react-router';
import { isbot } from 'isbot';
import { chatMessage, whatsAppUrl } from '#kernel/phone.ts';
import { failureData } from '../../../server/http/page-errors';
import { recordWhatsAppTap, revealPhone } from '../../../server/listings/engagement';
import { listingNotFound } from '#messages/ad.ts';
import type { Route } from './+types/whatsapp';

/*
 * The ad page's WhatsApp links go here and are answered 302 with the wa.me address they used to
 * hold, so that a tap is counted for the seller (once per viewer per day, like a view) with or
 * without JavaScript. The number comes through revealPhone: the same limits as Show phone, and
 * none for a seller who takes messages only (they, and a seller without a usable number, send
 * the visitor back to the ad, whose page offers Message seller).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const adPage = `/listing/${encodeURIComponent(params.id)}`;
  const noStore = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
  // A crawler that follows the link gets no number and counts nothing.
  if (isbot(request.headers.get('user-agent'))) throw redirect(adPage, { headers: noStore });
  const viewer = { userId: context.auth?.user.id ?? null, deviceId: context.deviceId, deviceKnown: context.deviceKnown };
  let revealed;
  try {
    revealed = await revealPhone(context, params.id, { ...viewer, ip: context.clientIp });
  } catch (error) {
    // Too many numbers (429): its message, as the ad page would say it.
    throw failureData(error, (f) => f.message);
  }
  if (!revealed.found) throw data(listingNotFound, { status: 404, headers: noStore });
  const url = revealed.messagesOnly ? null : whatsAppUrl(revealed.phoneNumber, chatMessage(revealed.title));
  if (!url) throw redirect(`${adPage}#contact`, { headers: noStore });
  try {
    await recordWhatsAppTap(context, params.id, viewer);
  } catch (error) {
    // A lost count must not cost the buyer the chat.
    context.logger.warn({ reqId: context.requestId, err: error }, 'WhatsApp tap not counted');
  }
  throw redirect(url, { headers: noStore });
}
