import { data, Form, Link, redirect } from 'react-router';
import { AdSummary } from '~/components/messages/AdSummary';
import { sentAgo } from '~/lib/dates';
import { useLiveMessages } from '~/lib/live-messages';
import { useNow } from '~/lib/use-now';
import { nairobiDate } from '#kernel/format.ts';
import { CONVERSATION_REPORT_REASONS, FIRST_CONTACT_TIP, MAX_MESSAGE_LENGTH, MESSAGE_TEXTS } from '#kernel/message-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { asPageError, failureData } from '../../../server/http/page-errors';
import { deleteForMe, readThread, reportConversation, sendMessage, setBlocked } from '../../../server/messages/conversations';
import { liveTag } from '../../../server/messages/live-stream';
import {
  allMessages,
  blockBefore,
  blockExplainAfter,
  blockExplainBefore,
  blockReportDelete,
  chooseReason,
  conversationTitle,
  deleteConversation,
  deleteExplain,
  detailsOptional,
  earlierMessages,
  latestMessages,
  messagesLabel,
  reply,
  report,
  reportConversation as reportConversationLabel,
  send,
  unblock,
  unknownAction,
  youBlockedAfter,
  youBlockedBefore,
} from '#messages/conversations.ts';
import type { Route } from './+types/thread';

/*
 * One conversation (issue 43): its messages (opening it marks it read), the reply form, and the
 * block, report and delete forms. Only its two people can open it; to anyone else it is a 404.
 */

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  try {
    const before = url.searchParams.get('before');
    // Taken before the messages are read, so that one arriving meanwhile still moves the stream's
    // tag (the page then reloads), with this thread counted as read (opening it marks it read).
    const live = await liveTag(context.db, auth.user.id, params.id);
    const thread = await readThread(context.db, auth.user.id, params.id, { before });
    return { thread, before, live };
  } catch (error) {
    throw asPageError(error);
  }
}

type Intent = 'reply' | 'block' | 'unblock' | 'report' | 'delete';
const INTENTS: readonly Intent[] = ['reply', 'block', 'unblock', 'report', 'delete'];

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get('intent'));
  if (!intent) throw data(unknownAction, { status: 400 });
  const body = typeof form.get('body') === 'string' ? String(form.get('body')) : '';
  const here = `/messages/${params.id}`;
  try {
    switch (intent) {
      case 'reply':
        await sendMessage(context, auth.user.id, params.id, body);
        break;
      case 'block':
      case 'unblock':
        await setBlocked(context, auth.user.id, params.id, intent === 'block');
        return { intent, notice: intent === 'block' ? MESSAGE_TEXTS.blocked : MESSAGE_TEXTS.unblocked };
      case 'report':
        await reportConversation(context, auth.user.id, params.id, { reason: form.get('reason'), details: form.get('details') });
        return { intent, notice: MESSAGE_TEXTS.reported };
      case 'delete':
        await deleteForMe(context.db, auth.user.id, params.id);
        throw redirect('/messages');
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return failureData(error, (failure) => ({ intent, error: failure.message, body }));
  }
  throw redirect(`${here}#latest`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `${loaderData.thread.other} · ${loaderData.thread.ad.title}` : conversationTitle} | Soko` },
  { name: 'robots', content: 'noindex' },
];

export default function Thread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, before } = loaderData;
  const now = useNow();
  useLiveMessages(loaderData.live);
  const failed = actionData && 'error' in actionData ? actionData : null;
  const notice = actionData && 'notice' in actionData ? actionData.notice : null;
  const last = thread.messages.length - 1;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <p>
        <Link to="/messages" className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">{allMessages}</Link>
      </p>
      <header className="card flex flex-col gap-2 p-3">
        <h1 className="text-xl font-bold">{thread.other}</h1>
        {thread.ad.state === 'deleted' ? (
          <AdSummary ad={thread.ad} />
        ) : (
          <Link to={`/listing/${thread.ad.id}`} className="hover:underline">
            <AdSummary ad={thread.ad} />
          </Link>
        )}
      </header>
      <p role="note" data-testid="safety-tip" className="rounded-lg border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100">
        {FIRST_CONTACT_TIP}
      </p>
      {notice ? (
        <p role="status" className="rounded-lg bg-gray-100 px-4 py-2 font-semibold dark:bg-gray-800">{notice}</p>
      ) : null}
      {thread.earlierBefore ? (
        <p className="text-center">
          <Link to={`?before=${thread.earlierBefore}`} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100" data-testid="earlier-messages">{earlierMessages}</Link>
        </p>
      ) : null}
      <ol className="flex flex-col gap-3" aria-label={messagesLabel} data-testid="thread">
        {thread.messages.map((m, i) => (
          <li key={m.id} id={i === last ? 'latest' : undefined} className={`flex flex-col ${m.mine ? 'items-end' : 'items-start'}`} data-testid="message">
            <div className={`max-w-[85%] rounded-lg px-3 py-2 ${m.mine ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'}`}>
              <p className="whitespace-pre-line break-words">{m.body}</p>
            </div>
            <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-400">
              {m.sender} · <time dateTime={m.createdAt} title={nairobiDate(m.createdAt)}>{sentAgo(m.createdAt, now)}</time>
            </p>
            {m.warning ? (
              <p role="note" data-testid="message-warning" className="mt-1 max-w-[85%] rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {m.warning}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {before ? (
        <p className="text-center">
          <Link to={`/messages/${thread.id}#latest`} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100" data-testid="latest-messages">{latestMessages}</Link>
        </p>
      ) : null}
      {thread.otherGone ? (
        <p role="status">{MESSAGE_TEXTS.otherLeft}</p>
      ) : (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="reply" />
          <label htmlFor="reply-body" className="font-semibold">{reply}</label>
          <textarea
            id="reply-body"
            name="body"
            rows={3}
            maxLength={MAX_MESSAGE_LENGTH}
            required
            key={thread.messages.length}
            defaultValue={failed?.intent === 'reply' ? failed.body : ''}
            className="input"
          />
          {failed?.intent === 'reply' ? (
            <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">{failed.error}</p>
          ) : null}
          <button type="submit" className="btn-primary self-start">{send}</button>
        </Form>
      )}
      {failed && failed.intent !== 'reply' ? (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">{failed.error}</p>
      ) : null}
      <details className="card p-3">
        <summary className="cursor-pointer font-semibold">{blockReportDelete}</summary>
        <div className="mt-3 flex flex-col gap-4">
          {thread.otherGone ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value={thread.blockedByMe ? 'unblock' : 'block'} />
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {thread.blockedByMe ? `${youBlockedBefore}${thread.other}${youBlockedAfter}` : `${blockExplainBefore}${thread.other}${blockExplainAfter}`}
              </p>
              <button type="submit" className="btn-secondary mt-1">{thread.blockedByMe ? unblock : `${blockBefore}${thread.other}`}</button>
            </Form>
          )}
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="report" />
            <label htmlFor="report-reason" className="text-sm font-semibold">{reportConversationLabel}</label>
            <select id="report-reason" name="reason" className="input" required defaultValue="">
              <option value="" disabled>{chooseReason}</option>
              {CONVERSATION_REPORT_REASONS.map((r) => (
                <option key={r.value} value={r.value}>{r.label}</option>
              ))}
            </select>
            <label htmlFor="report-details" className="text-sm">{detailsOptional}</label>
            <textarea id="report-details" name="details" rows={2} maxLength={MAX_MESSAGE_LENGTH} className="input" />
            <button type="submit" className="btn-secondary self-start">{report}</button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <p className="text-sm text-gray-700 dark:text-gray-300">{deleteExplain}</p>
            <button type="submit" className="btn-secondary mt-1">{deleteConversation}</button>
          </Form>
        </div>
      </details>
    </section>
  );
}
