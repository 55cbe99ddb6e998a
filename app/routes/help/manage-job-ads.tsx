import { pageMeta } from '~/components/help/meta';
import { SampleNotice } from '~/components/help/SampleNotice';
import { requireAuth } from '../../../server/http/guards';
import { toast } from '~/lib/toast';
import { JOB_AD_ACTION_NOTICE, SAMPLE_JOB_ADS } from '~/samples/job-ads';
import { actions, applications, closeAd, company, datePosted, edit, jobTitle, jobsCaption, jobsDescription, jobsNotice, jobsTitle, status, statusActive, viewApps } from '#messages/help-samples.ts';
import type { Route } from './+types/manage-job-ads';
import { nairobiDate } from '#kernel/format.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, jobsTitle, jobsDescription, { noindex: true });

export function loader({ context, url }: Route.LoaderArgs) {
  requireAuth(context.auth, url);
  return { jobAds: SAMPLE_JOB_ADS };
}


export default function ManageJobAds({ loaderData }: Route.ComponentProps) {
  const { jobAds } = loaderData;
  const action = 'rounded-md border border-gray-300 px-2 py-1 text-xs font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800';
  return (
    <section>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{jobsTitle}</h1>
      <SampleNotice>{jobsNotice}</SampleNotice>
      {/* The table scrolls inside its own box on narrow phones; the page itself never scrolls sideways. */}
      <div role="region" aria-labelledby="job-ads-caption" tabIndex={0} className="card mt-5 overflow-x-auto">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption id="job-ads-caption" className="sr-only">{jobsCaption}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700 dark:border-gray-800 dark:bg-gray-800 dark:text-gray-200">
            <tr>
              <th scope="col" className="px-3 py-2">{jobTitle}</th>
              <th scope="col" className="px-3 py-2">{company}</th>
              <th scope="col" className="px-3 py-2">{status}</th>
              <th scope="col" className="px-3 py-2">{applications}</th>
              <th scope="col" className="px-3 py-2">{datePosted}</th>
              <th scope="col" className="px-3 py-2">{actions}</th>
            </tr>
          </thead>
          <tbody>
            {jobAds.map((job) => (
              <tr key={job.id} className="border-b border-gray-100 last:border-0 dark:border-gray-800">
                <th scope="row" className="px-3 py-2 font-semibold">{job.title}</th>
                <td className="px-3 py-2">{job.company}</td>
                <td className="px-3 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                      job.status === statusActive
                        ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50'
                        : 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100'
                    }`}
                  >
                    {job.status}
                  </span>
                </td>
                <td className="px-3 py-2">{job.applications}</td>
                <td className="px-3 py-2">
                  <time dateTime={job.datePosted}>{nairobiDate(`${job.datePosted}T12:00:00+03:00`)}</time>
                </td>
                <td className="px-3 py-2">
                  <div className="flex gap-1.5">
                    {[viewApps, edit, closeAd].map((label) => (
                      <button
                        key={label}
                        type="button"
                        className={action}
                        aria-label={`${label}: ${job.title}`}
                        onClick={() => toast(JOB_AD_ACTION_NOTICE)}
                      >
                        {label}
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
