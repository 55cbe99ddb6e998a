import { Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { nairobiMinute, reasonLabel } from '~/components/messages/moderation-labels';
import { requireAdmin } from '../../../server/http/guards';
import { conversationCases } from '../../../server/messages/moderation';
import type { Route } from './+types/conversations';

/*
 * Moderators' queue of conversations (issue 43): those someone reported and those with messages
 * held for review. Only why they are here shows; the messages are read on each one's page, where
 * every look is written to conversation_audit. Admins only; anyone else gets 404.
 */

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Reported conversations', 'Reported conversations and messages held for review.', { noindex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context.auth, url);
  return { cases: await conversationCases(context.db), dismissed: url.searchParams.has('dismissed') };
}

export default function Conversations({ loaderData }: Route.ComponentProps) {
  const { cases, dismissed } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline dark:text-brand-100">Ads to review</Link>
      </p>
      <h1 className="text-2xl font-extrabold sm:text-3xl">Reported conversations ({cases.length})</h1>
      {dismissed ? (
        <p role="status" className="rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          Dismissed: the conversation left the queue.
        </p>
      ) : null}
      {cases.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-400">Nothing to review.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Conversations to review">
          {cases.map((c) => (
            <li key={c.id} className="card flex flex-col gap-1 p-4" data-testid="conversation-case">
              <h2 className="break-words text-lg font-semibold">
                <Link to={`/admin/conversations/${c.id}`} className="text-brand-700 underline dark:text-brand-100">{c.listingTitle}</Link>
              </h2>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {c.reports.length > 0 ? `${c.reports.length} report${c.reports.length === 1 ? '' : 's'}: ${[...new Set(c.reports.map((r) => reasonLabel(r.reason)))].join(', ')}` : 'No reports'}
                {c.held > 0 ? ` · ${c.held} message${c.held === 1 ? '' : 's'} held for review` : ''}
              </p>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                Latest: <time dateTime={c.at}>{nairobiMinute(c.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
