import { data, Form, Link, useNavigation } from 'react-router';
import { SAVED_SEARCH_MESSAGES } from '#kernel/saved-search-rules.ts';
import { verifyUnsubscribeToken } from '../../../server/alerts/unsubscribe';
import { savedSearchLabel, stopOrSetFrequency } from '../../../server/saved/saved-searches';
import { listsEveryAfter, savedSearches, stopAfter, stopBefore, unsubscribe, unsubscribeHeading, unsubscribeTitle } from '#messages/saved.ts';
import type { Route } from './+types/unsubscribe';

/*
 * The unsubscribe link of every alert e-mail (server/alerts/emails.ts): no sign-in, the signed
 * token is the authority. GET asks to confirm (a link opened by a mail scanner changes nothing);
 * POST, from the button or from a mail app's one-click (RFC 8058: a POST with
 * List-Unsubscribe=One-Click), turns the alert off.
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  const searchId = await verifyUnsubscribeToken(context.db, params.token);
  if (!searchId) return data({ valid: false as const }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const search = await savedSearchLabel(context.db, searchId);
  return data({ valid: true as const, label: search?.label ?? null, off: !search || search.frequency === 'off' }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ params, context }: Route.ActionArgs) {
  const searchId = await verifyUnsubscribeToken(context.db, params.token);
  if (!searchId) return data({ done: false as const, error: SAVED_SEARCH_MESSAGES.badLink }, { status: 404 });
  await stopOrSetFrequency(context.db, searchId, 'off');
  context.logger.info({ reqId: context.requestId, searchId }, 'alert unsubscribed');
  return { done: true as const, error: null };
}

export const meta: Route.MetaFunction = () => [{ title: unsubscribeTitle }, { name: 'robots', content: 'noindex' }];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData?.done || (loaderData.valid && loaderData.off);
  return (
    <section className="mx-auto max-w-xl py-10">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{unsubscribeHeading}</h1>
      {!loaderData.valid || actionData?.error ? (
        <p role="alert" className="mt-3 text-gray-800 dark:text-gray-200">{SAVED_SEARCH_MESSAGES.badLink}</p>
      ) : done ? (
        <p role="status" className="mt-3 text-gray-800 dark:text-gray-200" data-testid="unsubscribed">
          {SAVED_SEARCH_MESSAGES.unsubscribed}
          {loaderData.label ? <> ({loaderData.label})</> : null}
        </p>
      ) : (
        <Form method="post" className="mt-3 flex flex-col items-start gap-4">
          <p className="text-gray-800 dark:text-gray-200">
            {stopBefore}
            <strong>{loaderData.label}</strong>
            {stopAfter}
          </p>
          <button type="submit" className="btn-primary" disabled={navigation.state !== 'idle'}>{unsubscribe}</button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/my-alerts" className="font-semibold text-brand-700 underline dark:text-brand-100">{savedSearches}</Link>
        {listsEveryAfter}
      </p>
    </section>
  );
}
