import { data, Form, Link, useNavigation } from 'react-router';
import { CONTACT_TEXTS } from '#kernel/contact-preferences.ts';
import { verifyMessageMailToken } from '../../../server/messages/unsubscribe';
import { getsMessageEmails, stopMessageEmails } from '../../../server/users/contact-preferences';
import { myDetailsLink, settingTooAfter, stopEmailsHeading, stopEmailsQuestion, unsubscribe, unsubscribeTitle } from '#messages/conversations.ts';
import type { Route } from './+types/unsubscribe';

/*
 * The unsubscribe link of every message e-mail (server/messages/notifications.ts): no sign-in,
 * the signed token is the authority. GET asks to confirm (a link opened by a mail scanner changes
 * nothing); POST, from the button or a mail app's one-click (RFC 8058), turns message e-mails off.
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  const userId = await verifyMessageMailToken(context.db, params.token);
  const on = userId ? await getsMessageEmails(context.db, userId) : null;
  if (on === null) return data({ valid: false as const, off: false }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return data({ valid: true as const, off: !on }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ params, context }: Route.ActionArgs) {
  const userId = await verifyMessageMailToken(context.db, params.token);
  if (!userId) return data({ done: false as const, error: CONTACT_TEXTS.badLink }, { status: 404 });
  await stopMessageEmails(context.db, userId);
  context.logger.info({ reqId: context.requestId, userId }, 'message e-mails unsubscribed');
  return { done: true as const, error: null };
}

export const meta: Route.MetaFunction = () => [{ title: unsubscribeTitle }, { name: 'robots', content: 'noindex' }];

export default function UnsubscribeMessages({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData?.done || (loaderData.valid && loaderData.off);
  return (
    <section className="mx-auto max-w-xl py-10">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{stopEmailsHeading}</h1>
      {!loaderData.valid || actionData?.error ? (
        <p role="alert" className="mt-3 text-gray-800 dark:text-gray-200">{CONTACT_TEXTS.badLink}</p>
      ) : done ? (
        <p role="status" className="mt-3 text-gray-800 dark:text-gray-200" data-testid="unsubscribed">{CONTACT_TEXTS.unsubscribed}</p>
      ) : (
        <Form method="post" className="mt-3 flex flex-col items-start gap-4">
          <p className="text-gray-800 dark:text-gray-200">
            {stopEmailsQuestion}
          </p>
          <button type="submit" className="btn-primary" disabled={navigation.state !== 'idle'}>{unsubscribe}</button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/my-details#contact-settings" className="font-semibold text-brand-700 underline dark:text-brand-100">{myDetailsLink}</Link>{settingTooAfter}
      </p>
    </section>
  );
}
