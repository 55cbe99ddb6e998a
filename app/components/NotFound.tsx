import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl font-bold">404: Not Found</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">The page you are looking for does not exist or has moved.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">Go to Home</Link>
        <Link to="/listings" className="btn-secondary">Browse listings</Link>
      </div>
    </section>
  );
}
