import { Link } from 'react-router';
import { pageMeta } from '~/components/help/meta';
import { SampleNotice } from '~/components/help/SampleNotice';
import { requireAuth } from '../../../server/http/guards';
import { formatPrice } from '~/lib/money';
import { SAMPLE_FAVOURITES } from '~/samples/favourites';
import type { Route } from './+types/favourites';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Favourites', 'The ads you have saved on Soko, in one place.', { noindex: true });

export function loader({ context, request }: Route.LoaderArgs) {
  requireAuth(context.auth, request);
  return { favourites: SAMPLE_FAVOURITES };
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { favourites } = loaderData;
  return (
    <section>
      <h1 className="text-2xl font-extrabold sm:text-3xl">Favourites</h1>
      <SampleNotice>
        these are example ads showing how saved ads will look. Saving ads is coming soon; meanwhile{' '}
        <Link to="/listings" className="text-brand-700 underline dark:text-brand-100">browse all listings</Link>.
      </SampleNotice>
      <ul className="mt-5 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
        {favourites.map((f) => (
          <li key={f.id} className="card overflow-hidden">
            <img src={f.imageUrl} alt="" width={400} height={300} loading="lazy" className="aspect-[4/3] w-full object-cover" />
            <div className="p-3">
              <h2 className="font-semibold leading-snug">{f.title}</h2>
              <p className="mt-1 font-bold text-brand-700 dark:text-brand-100">{formatPrice(f.price, 'KES')}</p>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{f.location}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
