import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORIES } from '~/lib/categories';
import { COUNTIES, placeText, resolveLocation } from '~/lib/kenya-locations';

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
      // Only the one it is given: Preact (the browser build) takes an undefined value beside a
      // defaultValue as a controlled value, and would put the default back on every render.
      {...(props.value !== undefined ? { value: props.value } : { defaultValue: props.defaultValue })}
      onChange={props.onChange ? (e) => props.onChange!(e.currentTarget.value) : undefined}
    >
      <option value="">Select a category</option>
      {CATEGORIES.map((c) => (
        <option key={c} value={c}>{c}</option>
      ))}
    </select>
  );
}

/** The text each place is posted as: "Westlands, Nairobi City", or a county's name for the whole county. */
const placeOptions = () => COUNTIES.map((c) => ({ county: c, towns: c.towns.map((t) => `${t}, ${c.name}`) }));

/**
 * The ad's location (issue 18, point 4): without JavaScript a plain select of Kenya's counties
 * (optgroups) and their main towns, with a county-wide option each; once the page is live, a
 * text box with the same places as type-ahead suggestions (a native datalist, so nearly no
 * code), where other text is still accepted. Either way the form posts `location` as text,
 * which the server matches to a town (migration 0880). A location that names no known place
 * is offered as it is, so editing an old ad keeps it.
 */
export function LocationPicker(props: { defaultValue: string; invalid?: boolean; onEdit?: () => void; maxLength: number }) {
  const [typeAhead, setTypeAhead] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const resolved = resolveLocation(props.defaultValue);
  const selected = resolved ? placeText(resolved) : props.defaultValue.trim();
  // What was picked before the page went live is kept when the select becomes a text box. A
  // select drawn in the browser (a client-side navigation) reads '' here under Preact, which
  // applies `defaultValue` to a select's own options only, not to those inside an optgroup:
  // then the ad's own location is kept.
  const [value, setValue] = useState(selected);
  useEffect(() => {
    if (selectRef.current) setValue(selectRef.current.value || selected);
    setTypeAhead(true);
    // Once, when the page goes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const common = {
    id: 'location',
    name: 'location',
    className: 'input',
    required: true,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.invalid ? 'location-error' : undefined,
  };
  const places = placeOptions();
  if (typeAhead) {
    return (
      <>
        <input {...common} type="text" list="location-places" maxLength={props.maxLength} defaultValue={value} placeholder="Town or county, e.g. Westlands" autoComplete="off" onInput={props.onEdit} />
        <datalist id="location-places">
          {places.map(({ county, towns }) => [
            ...towns.map((t) => <option key={t} value={t} />),
            <option key={county.code} value={county.name} />,
          ])}
        </datalist>
      </>
    );
  }
  return (
    <select {...common} ref={selectRef} defaultValue={selected} onChange={props.onEdit}>
      <option value="">Select a town or county</option>
      {/* Never `selected && …`: an empty string child makes Preact's select fail (CONTRIBUTING). */}
      {selected && !resolved ? <option value={selected}>{selected}</option> : null}
      {places.map(({ county, towns }) => (
        <optgroup key={county.code} label={county.name}>
          <option value={county.name}>{`All of ${county.name}`}</option>
          {county.towns.map((t, i) => (
            <option key={t} value={towns[i]}>{t}</option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
