import { data, Link, redirect } from 'react-router';
import { MessageSellerForm } from '~/components/messages/MessageSellerForm';
import { MESSAGE_TEXTS } from '#kernel/message-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { adToMessage, conversationAbout, messageSeller } from '../../../server/messages/conversations';
import { clearPendingMessageCookie, pendingMessage, pendingMessageCookie } from '../../../server/messages/pending-message';
import { aboutBefore, listingNotFound, messageSeller as messageSellerHeading, messageSellerTitle, openConversation, writtenAfter, writtenBefore } from '#messages/conversations.ts';
import type { Route } from './+types/new';

/*
 * "Message seller" (issue 43). The ad page's form posts here. A visitor's text is kept (a cookie,
 * server/messages/pending-message.ts) while they sign in; login brings them back to this page,
 * which shows the form again with the text, to send with one tap.
 */

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const ad = await adToMessage(context.db, params.listingId);
  if (!ad) throw data(listingNotFound, { status: 404 });
  const existing = await conversationAbout(context.db, auth.user.id, ad.id);
  return { ad: { id: ad.id, title: ad.title, active: ad.active, own: ad.ownerId === auth.user.id }, existing, body: pendingMessage(request, ad.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const quick = form.get('quick');
  const raw = typeof quick === 'string' && quick ? quick : form.get('body');
  const body = typeof raw === 'string' ? raw : '';
  const secure = context.config.secureCookies;
  if (!context.auth) {
    const next = `/messages/new/${params.listingId}`;
    throw redirect(`/auth/login?redirectTo=${encodeURIComponent(next)}`, { headers: { 'Set-Cookie': pendingMessageCookie(params.listingId, body, secure) } });
  }
  try {
    const { conversationId } = await messageSeller(context, context.auth.user.id, params.listingId, body);
    throw redirect(`/messages/${conversationId}#latest`, { headers: { 'Set-Cookie': clearPendingMessageCookie(secure) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    return failureData(error, (failure) => ({ error: failure.message, body }));
  }
}

export const meta: Route.MetaFunction = () => [{ title: messageSellerTitle }, { name: 'robots', content: 'noindex' }];

export default function NewMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, existing, body } = loaderData;
  const failed = actionData && 'error' in actionData ? actionData : null;
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold">{messageSellerHeading}</h1>
      <p className="mt-1">
        {aboutBefore}<Link to={`/listing/${ad.id}`} className="font-semibold text-brand-700 underline dark:text-brand-100">{ad.title}</Link>
      </p>
      {existing ? (
        <p className="mt-2 text-sm">
          {writtenBefore}<Link to={`/messages/${existing}`} className="font-semibold underline">{openConversation}</Link>{writtenAfter}
        </p>
      ) : null}
      {ad.own ? (
        <p role="alert" className="mt-4">{MESSAGE_TEXTS.ownAd}</p>
      ) : !ad.active && !existing ? (
        <p role="alert" className="mt-4">{MESSAGE_TEXTS.adUnavailable}</p>
      ) : (
        <MessageSellerForm listingId={ad.id} defaultBody={failed?.body ?? body} error={failed?.error} headingLevel={2} />
      )}
    </section>
  );
}
