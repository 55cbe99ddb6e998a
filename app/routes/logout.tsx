import { redirect } from 'react-router';
import { revokeSession } from '../../server/auth/sessions';
import type { Route } from './+types/logout';

/** Logout clears the session on the server and in the browser, then goes home (spec section 2). */
export async function action({ context }: Route.ActionArgs) {
  if (context.auth) await revokeSession(context.db, context.auth.token);
  context.clearSessionCookie();
  return redirect('/');
}

export function loader() {
  return redirect('/');
}
