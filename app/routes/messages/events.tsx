import { openEventStream } from '../../../server/messages/live-stream';
import type { Route } from './+types/events';

/*
 * A resource route (no page): the open inbox or thread's event stream (Server-Sent Events,
 * server/messages/live-stream.ts). A refusal (signed out, too many streams, a stopping server)
 * is an ordinary error answer: the browser's EventSource then gives up and the page polls
 * /messages/updates instead (app/lib/live-messages.ts).
 */
export function loader({ request, context, url }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };
  if (!context.auth) return Response.json({ message: 'Please log in to continue.' }, { status: 401, headers });
  if (!context.live) return Response.json({ message: 'Live updates are not available here.' }, { status: 503, headers });
  const since = request.headers.get('Last-Event-ID') ?? url.searchParams.get('since');
  const stream = openEventStream({ db: context.db, live: context.live }, context.auth.user.id, since);
  return stream ?? Response.json({ message: 'Too many open pages of messages.' }, { status: 429, headers });
}
