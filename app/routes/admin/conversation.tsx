import { Form, Link, redirect } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { nairobiMinute, reasonLabel } from '~/components/messages/moderation-labels';
import { MODERATION_REASON_MAX } from '#kernel/lifecycle-rules.ts';
import { messageWarning } from '#kernel/message-rules.ts';
import { requireAdmin } from '../../../server/http/guards';
import { asPageError, failureData } from '../../../server/http/page-errors';
import { auditConversationBan, conversationAuditLog, conversationCase, dismissConversation, readReportedConversation, releaseHeldMessages } from '../../../server/messages/moderation';
import { banUser } from '../../../server/moderation/moderation';
import { actions, allReportedConversations, auditBan, auditBefore, auditDismiss, auditRelease, auditView, ban, banLabel, banReasonFor, buyerBefore, chooseSomeone, conversationDescription, conversationTitle, dismiss, flaggedBefore, heldMessages, heldStay, isBanned, messageHeld, messageWithheld, messagesLabel, nothingToAct, personBanned, release, releaseText, released, reportBefore, sellerBefore, theAd, unknownAction, whyHere } from '#messages/admin-conversation.ts';
import type { Route } from './+types/conversation';

/*
 * One reported or held conversation for a moderator (issue 43): why it is here, every message
 * (withheld and held ones included, marked), and Dismiss, Release held messages and Ban as plain
 * forms. Opening the page is a look, written to conversation_audit like the API's; so is each
 * action. Admins only (404 to anyone else), and only conversations in the queue (404 otherwise).
 */

export const meta: Route.MetaFunction = (args) => pageMeta(args, conversationTitle, conversationDescription, { noindex: true });

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context.auth, url).user;
  try {
    const found = await conversationCase(context.db, params.id);
    const messages = await readReportedConversation(context.db, admin.id, params.id);
    return { ...found, messages, audit: await conversationAuditLog(context.db, params.id) };
  } catch (error) {
    throw asPageError(error);
  }
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  const admin = requireAdmin(context.auth, url).user;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'dismiss') {
      await dismissConversation(context.db, admin.id, params.id);
      return redirect('/admin/conversations?dismissed=1');
    }
    if (intent === 'release') {
      const n = await releaseHeldMessages(context, admin.id, params.id);
      return { ok: true as const, message: released({ n }) };
    }
    if (intent === 'ban') {
      // Only someone in this conversation, so the form cannot be pointed at any account.
      const { people } = await conversationCase(context.db, params.id);
      const target = people.find((p) => p.id !== null && p.id === form.get('userId'));
      if (!target?.id) return { ok: false as const, message: chooseSomeone };
      const { hiddenAds } = await banUser(context, admin, target.id, form.get('reason'));
      await auditConversationBan(context.db, admin.id, params.id);
      return { ok: true as const, message: personBanned({ name: target.name, n: hiddenAds }) };
    }
  } catch (error) {
    return failureData(error, (e) => ({ ok: false as const, message: e.message }));
  }
  return { ok: false as const, message: unknownAction };
}

const ACTIONS = { view: auditView, dismiss: auditDismiss, release: auditRelease, ban: auditBan } as const;

export default function ModeratedConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { case: c, listingId, people, messages, audit } = loaderData;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <p className="text-sm">
        <Link to="/admin/conversations" className="font-semibold text-brand-700 underline dark:text-brand-100">{allReportedConversations}</Link>
      </p>
      <header className="flex flex-col gap-1">
        <h1 className="break-words text-2xl font-extrabold">{c.listingTitle}</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <Link to={`/listing/${listingId}`} className="underline">{theAd}</Link>{buyerBefore}{people[0]!.name}{sellerBefore}{people[1]!.name}
        </p>
      </header>
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`rounded-lg border-l-4 px-4 py-3 ${actionData.ok ? 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <section aria-labelledby="why-heading" className="card p-4">
        <h2 id="why-heading" className="font-bold">{whyHere}</h2>
        <ul className="mt-1 list-disc pl-5 text-sm" data-testid="case-reasons">
          {c.reports.map((r, i) => (
            <li key={i} className="break-words">
              {reportBefore}{reasonLabel(r.reason)}
              {r.details ? `: ${r.details}` : ''} <span className="text-gray-600 dark:text-gray-400">({nairobiMinute(r.at)})</span>
            </li>
          ))}
          {c.held > 0 ? <li>{heldMessages({ n: c.held })}</li> : null}
        </ul>
      </section>
      <ol className="flex flex-col gap-3" aria-label={messagesLabel} data-testid="moderated-thread">
        {messages.map((msg) => (
          <li key={msg.id} className="card flex flex-col gap-1 p-3" data-testid="moderated-message">
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {msg.sender} · <time dateTime={msg.createdAt}>{nairobiMinute(msg.createdAt)}</time>
              {msg.held ? messageHeld : msg.withheld ? messageWithheld : ''}
            </p>
            <p className="whitespace-pre-line break-words">{msg.body}</p>
            {msg.flagged ? <p className="text-sm text-amber-900 dark:text-amber-100">{flaggedBefore}{messageWarning(msg.flagged)}</p> : null}
          </li>
        ))}
      </ol>
      <section aria-labelledby="actions-heading" className="card flex flex-col gap-4 p-4">
        <h2 id="actions-heading" className="font-bold">{actions}</h2>
        {c.held > 0 ? (
          <Form method="post">
            <p className="text-sm">{releaseText}</p>
            <button type="submit" name="intent" value="release" className="btn-primary mt-1">{release}</button>
          </Form>
        ) : null}
        <Form method="post">
          <p className="text-sm">{nothingToAct}{c.held > 0 ? heldStay : ''}.</p>
          <button type="submit" name="intent" value="dismiss" className="btn-secondary mt-1">{dismiss}</button>
        </Form>
        {people.map((p) =>
          p.id && !p.banned ? (
            <Form key={p.id} method="post" className="flex flex-col gap-1">
              <input type="hidden" name="userId" value={p.id} />
              <label htmlFor={`ban-${p.role}`} className="text-sm font-medium">{banReasonFor({ role: p.role, name: p.name })}</label>
              <div className="flex gap-2">
                <input id={`ban-${p.role}`} name="reason" className="input" required maxLength={MODERATION_REASON_MAX} />
                <button type="submit" name="intent" value="ban" className="btn-danger" aria-label={banLabel({ role: p.role, name: p.name })}>{ban}</button>
              </div>
            </Form>
          ) : p.banned ? (
            <p key={p.role} className="text-sm">{isBanned({ role: p.role, name: p.name })}</p>
          ) : null,
        )}
      </section>
      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="font-bold">{auditBefore}{audit.length})</h2>
        <ul className="mt-1 text-sm" data-testid="conversation-audit">
          {audit.map((a, i) => (
            <li key={i}>
              <time dateTime={a.at}>{nairobiMinute(a.at)}</time> · {a.moderator} · {ACTIONS[a.action]}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
