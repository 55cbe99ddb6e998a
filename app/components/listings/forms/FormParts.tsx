import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, categoryLabel } from '#kernel/categories.ts';
import { selectCategory } from '#messages/post.ts';

/** Shown instead of an ad form when the ad cannot be edited (missing, not yours). */
export function FormFailure({ message, back }: { message: ReactNode; back: { to: string; label: string } }) {
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100">
        {message}
      </p>
      <Link to={back.to} className="btn-primary mt-6">{back.label}</Link>
    </section>
  );
}

/** The fixed category list as a required select, controlled or not. */
export function CategorySelect(props: { defaultValue?: string; value?: string; onChange?: (value: string) => void; invalid?: boolean }) {
  return (
    <select
      id="category"
      name="category"
      className="input"
      required
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.invalid ? 'category-error' : undefined}
      // Only the one it is given: a select is either controlled or not, never both.
      {...(props.value !== undefined ? { value: props.value } : { defaultValue: props.defaultValue })}
      onChange={props.onChange ? (e) => props.onChange!(e.currentTarget.value) : undefined}
    >
      <option value="">{selectCategory}</option>
      {CATEGORIES.map((c) => (
        <option key={c} value={c}>{categoryLabel?.(c) ?? c}</option>
      ))}
    </select>
  );
}
