import { data } from 'react-router';
import { NotFound } from '~/components/NotFound';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: '404: Not Found | Soko' }, { name: 'robots', content: 'noindex' }];

export default function NotFoundRoute() {
  return <NotFound />;
}
