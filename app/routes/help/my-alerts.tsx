import { pageMeta } from '~/components/help/meta';
import { SampleNotice } from '~/components/help/SampleNotice';
import { requireAuth } from '../../../server/http/guards';
import { ALERT_TYPE_LABELS, SAMPLE_ALERTS } from '~/samples/alerts';
import type { Route } from './+types/my-alerts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'My Alerts', 'Price drops, new ads matching your searches and other alerts from Soko.', { noindex: true });

export function loader({ context, request }: Route.LoaderArgs) {
  requireAuth(context.auth, request);
  return { alerts: SAMPLE_ALERTS };
}

// A fixed time zone, so the server and the browser render the same text.
const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

export default function MyAlerts({ loaderData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-extrabold sm:text-3xl">My Alerts</h1>
      <SampleNotice>these are example alerts showing how price drops and new matching ads will be announced.</SampleNotice>
      <ul className="mt-5 flex flex-col gap-3">
        {alerts.map((a) => (
          <li key={a.id} className="card p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-800 dark:text-white">
                {ALERT_TYPE_LABELS[a.type]}
              </span>
              <time dateTime={a.date} className="text-sm text-gray-700 dark:text-gray-300">
                {dateFormat.format(new Date(a.date))}
              </time>
            </div>
            <p className="mt-2">{a.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
