import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { requireAuth } from '../../../server/http/guards';
import { afterLoginPath } from './forms.server';
import { accountReady, backToAd, browseAds, continueLabel, myDetails, postFirstAd, postYourAd, saveAdAndGoBack, saveTheSearch, welcomeAfter, welcomeBefore, welcomeTitle } from '#messages/accounts.ts';
import type { Route } from './+types/welcome';

export const meta: Route.MetaFunction = () => [{ title: welcomeTitle }, { name: 'robots', content: 'noindex' }];

/** What the button after sign-up says, for where the new member was heading. */
function nextLabel(path: string): string {
  if (path.startsWith('/post-ad')) return postYourAd;
  if (path.startsWith('/listing/')) return backToAd;
  // A Save tapped before signing up (app/routes/saved/save.tsx): following the link saves it.
  if (path.startsWith('/saved/')) return saveAdAndGoBack;
  // Save this search tapped before signing up (app/routes/saved/save-search.tsx).
  if (path.startsWith('/saved-searches?')) return saveTheSearch;
  return continueLabel;
}

/** Right after sign-up: the new member is signed in; they carry on where they were heading. */
export function loader({ context, url }: Route.LoaderArgs) {
  const auth = requireAuth(context.auth, url);
  const next = afterLoginPath(url.searchParams.get('next'));
  return { firstName: auth.user.firstName, next: next === '/' ? null : next };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { firstName, next } = loaderData;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-xl py-6 text-center" aria-labelledby="welcome-heading">
      <div role="status" className="rounded-xl border-l-4 border-green-600 bg-green-50 px-4 py-6 text-green-950 dark:bg-green-950 dark:text-green-50">
        <h1 id="welcome-heading" ref={heading} tabIndex={-1} className="text-2xl font-extrabold outline-none">
          {welcomeBefore}
          {firstName}
          {welcomeAfter}
        </h1>
        <p className="mt-2">{accountReady}</p>
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {next ? (
          <Link to={next} className="btn-primary">{nextLabel(next)}</Link>
        ) : (
          <Link to="/post-ad" className="btn-primary">{postFirstAd}</Link>
        )}
        <Link to="/listings" className="btn-secondary">{browseAds}</Link>
        <Link to="/my-details" className="btn-secondary">{myDetails}</Link>
      </div>
    </section>
  );
}
