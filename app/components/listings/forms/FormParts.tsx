import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORIES } from '~/lib/categories';
import { COUNTIES, placeText, resolveLocation } from '~/lib/kenya-locations';
import { OptionsSelect, optionsHtml, type SelectGroup, type SelectOption } from '../../OptionsSelect';

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

/** Each county with its towns, as each place is posted: "Westlands, Nairobi City", or the county's name for all of it. */
const PLACE_GROUPS: SelectGroup[] = COUNTIES.map((c) => ({
  label: c.name,
  options: [{ value: c.name, label: `All of ${c.name}` }, ...c.towns.map((t) => ({ value: `${t}, ${c.name}`, label: t }))],
}));
/** The type-ahead's suggestions: every town, then the county. */
const PLACE_SUGGESTIONS_HTML = optionsHtml(
  COUNTIES.flatMap((c) => [...c.towns.map((t) => ({ value: `${t}, ${c.name}`, label: '' })), { value: c.name, label: '' }]),
  '',
);

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
  const resolved = resolveLocation(props.defaultValue);
  const selected = resolved ? placeText(resolved) : props.defaultValue.trim();
  // What was picked before the page went live is kept when the select becomes a text box.
  const [value, setValue] = useState(selected);
  useEffect(() => {
    const select = document.getElementById('location');
    if (select instanceof HTMLSelectElement) setValue(select.value || selected);
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
  if (typeAhead) {
    return (
      <>
        <input {...common} type="text" list="location-places" maxLength={props.maxLength} defaultValue={value} placeholder="Town or county, e.g. Westlands" autoComplete="off" onInput={props.onEdit} />
        <datalist id="location-places" dangerouslySetInnerHTML={{ __html: PLACE_SUGGESTIONS_HTML }} />
      </>
    );
  }
  // Not a known place (an old ad's text): offered as it is, so editing the ad keeps it.
  const own: SelectOption[] = selected && !resolved ? [{ value: selected, label: selected }] : [];
  return <OptionsSelect {...common} items={[{ value: '', label: 'Select a town or county' }, ...own, ...PLACE_GROUPS]} selected={selected} onChange={props.onEdit} />;
}
