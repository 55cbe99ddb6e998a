import { Fragment } from 'react';
import { oneStar, stars, starsAfter, starsBefore } from '#messages/reviews.ts';

/**
 * Choose 1 to 5 stars: a radio group styled as stars (the star-rating utility in app/app.css).
 * It needs no JavaScript: the form posts `stars`, and the keyboard works as in any radio group. Inputs and labels
 * are siblings, in order, for the stylesheet's `input:checked ~ input + label`.
 */
export function StarsInput({ name = 'stars', defaultValue, error }: { name?: string; defaultValue?: number; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="label">{stars}</legend>
      <div className="star-rating" data-testid="stars-input">
        {[1, 2, 3, 4, 5].map((n) => (
          <Fragment key={n}>
            <input type="radio" id={`${name}-${n}`} name={name} value={n} defaultChecked={defaultValue === n} required aria-invalid={error ? true : undefined} />
            <label htmlFor={`${name}-${n}`}>
              <span aria-hidden="true">★</span>
              <span className="sr-only">{n === 1 ? oneStar : `${starsBefore}${n}${starsAfter}`}</span>
            </label>
          </Fragment>
        ))}
      </div>
      {error && <p id={`${name}-error`} className="field-error">{error}</p>}
    </fieldset>
  );
}
