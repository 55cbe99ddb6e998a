import { Link } from 'react-router';
import { goBack } from '#messages/system.ts';

/**
 * What a plain form's failed save shows (a full list, a limit, an ad that has gone): the
 * reason, the way back, and the list. Saved ads and saved searches both use it.
 */
export function SaveFailed({ heading, error, hint, back, list }: { heading: string; error?: string; hint: string; back?: string; list: { to: string; label: string } }) {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p role="alert" className="mt-2 text-gray-700 dark:text-gray-300">{error ?? hint}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={back ?? '/listings'} className="btn-primary">{goBack}</Link>
        <Link to={list.to} className="btn-secondary">{list.label}</Link>
      </div>
    </section>
  );
}
