import { data } from 'react-router';
import { NotFound } from '~/components/NotFound';
import { notFoundTitle } from '#messages/system.ts';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: notFoundTitle }, { name: 'robots', content: 'noindex' }];

export default function NotFoundRoute() {
  return <NotFound />;
}
