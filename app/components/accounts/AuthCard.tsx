import type { ReactNode } from 'react';

/** The narrow card every sign-in page sits in: readable at 360 px, centred on wide screens. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md">
      <div className="card p-5 sm:p-8">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {intro && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{intro}</p>}
        <div className="mt-5">{children}</div>
      </div>
    </section>
  );
}

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100';
