import { Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { requireAuth } from '../../../server/http/guards';
import { MESSAGES_PLACEHOLDER } from '~/samples/messages';
import type { Route } from './+types/messages';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Messages', 'Your conversations with buyers and sellers on Soko.', { noindex: true });

export function loader({ context, url }: Route.LoaderArgs) {
  requireAuth(context.auth, url);
  return null;
}

export default function Messages() {
  return (
    <section className="mx-auto max-w-xl py-6 text-center">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{MESSAGES_PLACEHOLDER.heading}</h1>
      <p className="mt-3 text-gray-800 dark:text-gray-200">{MESSAGES_PLACEHOLDER.text}</p>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{MESSAGES_PLACEHOLDER.hint}</p>
      <Link to="/listings" className="btn-primary mt-6">Browse listings</Link>
    </section>
  );
}
