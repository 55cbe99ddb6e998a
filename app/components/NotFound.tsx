import { Link } from 'react-router';
import { browseListings, goHome, notFoundHeading, notFoundText } from '#messages/system.ts';

export function NotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl font-bold">{notFoundHeading}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">{notFoundText}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">{goHome}</Link>
        <Link to="/listings" className="btn-secondary">{browseListings}</Link>
      </div>
    </section>
  );
}
