import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATEGORIES } from '~/lib/categories';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Soko — Buy and sell anything in Kenya' },
  { name: 'description', content: 'Post a free ad or find great deals near you: cars, property, phones, furniture, jobs and services across Kenya.' },
];

function HeroSearch() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    if (!query) {
      setError('Please enter a search query.');
      return;
    }
    setError('');
    navigate(`/listings?search=${encodeURIComponent(query)}`);
  };
  return (
    <form role="search" action="/listings" method="get" onSubmit={submit} className="mx-auto mt-6 max-w-xl" noValidate>
      <div className="flex gap-2">
        <label htmlFor="hero-search" className="sr-only">Search Soko</label>
        <input id="hero-search" name="search" type="search" className="input" placeholder="Search cars, phones, houses..." aria-describedby={error ? 'hero-search-error' : undefined} />
        <button type="submit" className="btn-primary">Search</button>
      </div>
      {error && <p id="hero-search-error" role="alert" className="mt-2 text-sm font-medium text-amber-100">{error}</p>}
    </form>
  );
}

export default function Home() {
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 px-4 py-10 text-center text-white sm:py-14">
        <h1 className="text-2xl font-extrabold sm:text-4xl">Buy and sell anything in Kenya</h1>
        <p className="mt-2 text-brand-100">Thousands of ads from people near you. Posting is free.</p>
        <HeroSearch />
      </section>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-bold">Browse Categories</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {CATEGORIES.map((c) => (
            <li key={c}>
              <Link to={`/listings?category=${encodeURIComponent(c)}`} className="card block p-4 font-medium hover:border-brand-600">
                {c}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="card flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-bold">Sell Fast</h2>
          <p className="text-gray-600 dark:text-gray-400">Post your ad in minutes and reach buyers across Kenya.</p>
        </div>
        <div className="flex gap-2">
          <Link to="/auth/register" className="btn-primary">Get Started</Link>
          <Link to="/how-it-works" className="btn-secondary">Learn More</Link>
        </div>
      </section>
    </div>
  );
}
