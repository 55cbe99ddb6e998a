import { liveTag } from '../../../server/messages/live-stream';
import type { Route } from './+types/updates';

/*
 * A resource route (no page): what the open inbox or thread polls when its event stream
 * (/messages/events) cannot be had (app/lib/live-messages.ts). The answer is an ETag of the user's
 * messages state; a request with the same If-None-Match gets a bodiless 304, so an idle poll costs
 * a few hundred bytes over 3G.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' };
  if (!context.auth) return Response.json({ message: 'Please log in to continue.' }, { status: 401, headers });
  const etag = `"${await liveTag(context.db, context.auth.user.id)}"`;
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
  return Response.json({ ok: true }, { headers: { ...headers, ETag: etag } });
}
