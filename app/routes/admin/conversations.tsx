import { Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { nairobiMinute, reasonLabel } from '~/components/messages/moderation-labels';
import { requireAdmin } from '../../../server/http/guards';
import { conversationCases } from '../../../server/messages/moderation';
import { adsToReview, caseHeld, caseReports, conversationsBefore, conversationsDescription, conversationsToReview, dismissedText, latest, noReports, nothingToReview, reportedConversations } from '#messages/admin-conversations.ts';
import type { Route } from './+types/conversations';

/*
 * Moderators' queue of conversations (issue 43): those someone reported and those with messages
 * held for review. Only why they are here shows; the messages are read on each one's page, where
 * every look is written to conversation_audit. Admins only; anyone else gets 404.
 */

export const meta: Route.MetaFunction = (args) => pageMeta(args, reportedConversations, conversationsDescription, { noindex: true });

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context.auth, url);
  return { cases: await conversationCases(context.db), dismissed: url.searchParams.has('dismissed') };
}

export default function Conversations({ loaderData }: Route.ComponentProps) {
  const { cases, dismissed } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline dark:text-brand-100">{adsToReview}</Link>
      </p>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{conversationsBefore}{cases.length})</h1>
      {dismissed ? (
        <p role="status" className="rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {dismissedText}
        </p>
      ) : null}
      {cases.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-400">{nothingToReview}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={conversationsToReview}>
          {cases.map((c) => (
            <li key={c.id} className="card flex flex-col gap-1 p-4" data-testid="conversation-case">
              <h2 className="break-words text-lg font-semibold">
                <Link to={`/admin/conversations/${c.id}`} className="text-brand-700 underline dark:text-brand-100">{c.listingTitle}</Link>
              </h2>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {c.reports.length > 0 ? caseReports({ n: c.reports.length, reasons: [...new Set(c.reports.map((r) => reasonLabel(r.reason)))].join(', ') }) : noReports}
                {c.held > 0 ? caseHeld({ n: c.held }) : ''}
              </p>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {latest}<time dateTime={c.at}>{nairobiMinute(c.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
