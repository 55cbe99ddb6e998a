import { Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { AdSummary } from '~/components/messages/AdSummary';
import { sentAgo } from '~/lib/dates';
import { useLiveMessages } from '~/lib/live-messages';
import { useNow } from '~/lib/use-now';
import { requireAuth } from '../../../server/http/guards';
import { listInbox } from '../../../server/messages/conversations';
import { liveTag } from '../../../server/messages/live-stream';
import { browseListings, inboxDescription, inboxHeading, noMessages, unreadAfter, you } from '#messages/conversations.ts';
import type { Route } from './+types/inbox';

export const meta: Route.MetaFunction = (args) => pageMeta(args, inboxHeading, inboxDescription, { noindex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  // Taken before the inbox is read, so that a message arriving meanwhile still moves the stream's tag.
  const live = await liveTag(context.db, auth.user.id);
  return { items: await listInbox(context.db, auth.user.id), live };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const now = useNow();
  useLiveMessages(loaderData.live);
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{inboxHeading}</h1>
      {items.length === 0 ? (
        <div className="py-6 text-center">
          <p className="text-gray-800 dark:text-gray-200">{noMessages}</p>
          <Link to="/listings" className="btn-primary mt-6">{browseListings}</Link>
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="inbox">
          {items.map((c) => (
            <li key={c.id}>
              <Link to={`/messages/${c.id}`} className="card flex flex-col gap-2 p-3 hover:border-brand-700" data-testid="conversation">
                <AdSummary ad={c.ad} />
                <p className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold">{c.other}</span>
                  <time dateTime={c.lastMessageAt} className="shrink-0 text-gray-600 dark:text-gray-400">{sentAgo(c.lastMessageAt, now)}</time>
                </p>
                <p className="flex items-center justify-between gap-2 text-sm">
                  <span className={`truncate ${c.unread > 0 ? 'font-bold' : 'text-gray-700 dark:text-gray-300'}`}>
                    {c.lastMessage.mine ? you : ''}
                    {c.lastMessage.body}
                  </span>
                  {c.unread > 0 ? (
                    <span data-testid="conversation-unread" className="shrink-0 rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">
                      {c.unread}
                      {unreadAfter}
                    </span>
                  ) : null}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
