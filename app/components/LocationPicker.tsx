import { useEffect, useState } from 'react';
import { COUNTIES, placeText, resolveLocation } from '#kernel/kenya-locations.ts';
import { OptionsSelect, optionsHtml, type SelectGroup, type SelectOption } from './OptionsSelect';
import { allOf, placePlaceholder, selectPlace } from '#messages/browse.ts';

/** Each county with its towns, as each place is posted: "Westlands, Nairobi City", or the county's name for all of it. */
const PLACE_GROUPS: SelectGroup[] = COUNTIES.map((c) => ({
  label: c.name,
  options: [{ value: c.name, label: `${allOf}${c.name}` }, ...c.towns.map((t) => ({ value: `${t}, ${c.name}`, label: t }))],
}));
/** The type-ahead's suggestions: every town, then the county. */
const PLACE_SUGGESTIONS_HTML = optionsHtml(
  COUNTIES.flatMap((c) => [...c.towns.map((t) => ({ value: `${t}, ${c.name}`, label: '' })), { value: c.name, label: '' }]),
  '',
);

type Props = {
  defaultValue: string;
  maxLength: number;
  /** The field's id ('location' on the ad forms); its suggestions are `<id>-places`. */
  id?: string;
  invalid?: boolean;
  /** Ids of the field's message and hint; by default `<id>-error` when invalid. */
  describedBy?: string;
  onEdit?: () => void;
};

/**
 * A place in Kenya (issue 18, point 4), for an ad and for an account: without JavaScript a
 * plain select of Kenya's counties (optgroups) and their main towns, with a county-wide option
 * each; once the page is live, a text box with the same places as type-ahead suggestions (a
 * native datalist, so nearly no code), where other text is still accepted. Either way the form
 * posts `location` as text, which the server matches to a town (migration 0880). A location
 * that names no known place is offered as it is, so editing an old ad or account keeps it.
 */
export function LocationPicker({ id = 'location', ...props }: Props) {
  const [typeAhead, setTypeAhead] = useState(false);
  const resolved = resolveLocation(props.defaultValue);
  const selected = resolved ? placeText(resolved) : props.defaultValue.trim();
  // What was picked before the page went live is kept when the select becomes a text box.
  const [value, setValue] = useState(selected);
  useEffect(() => {
    const select = document.getElementById(id);
    if (select instanceof HTMLSelectElement) setValue(select.value || selected);
    setTypeAhead(true);
    // Once, when the page goes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const common = {
    id,
    name: 'location',
    className: 'input',
    required: true,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy ?? (props.invalid ? `${id}-error` : undefined),
  };
  if (typeAhead) {
    return (
      <>
        <input {...common} type="text" list={`${id}-places`} maxLength={props.maxLength} defaultValue={value} placeholder={placePlaceholder} autoComplete="off" onInput={props.onEdit} />
        <datalist id={`${id}-places`} dangerouslySetInnerHTML={{ __html: PLACE_SUGGESTIONS_HTML }} />
      </>
    );
  }
  // Not a known place (an old ad's text): offered as it is, so editing the ad keeps it.
  const own: SelectOption[] = selected && !resolved ? [{ value: selected, label: selected }] : [];
  return <OptionsSelect {...common} items={[{ value: '', label: selectPlace }, ...own, ...PLACE_GROUPS]} selected={selected} onChange={props.onEdit} />;
}
