import type { SelectHTMLAttributes } from 'react';

export type SelectOption = { value: string; label: string };
export type SelectGroup = { label: string; options: SelectOption[] };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const optionHtml = (o: SelectOption, selected: string) =>
  `<option value="${escapeHtml(o.value)}"${o.value === selected ? ' selected' : ''}>${escapeHtml(o.label)}</option>`;

/** The options (and optgroups) of a select as HTML, the `selected` one marked. */
export function optionsHtml(items: ReadonlyArray<SelectOption | SelectGroup>, selected: string): string {
  return items
    .map((item) => ('options' in item ? `<optgroup label="${escapeHtml(item.label)}">${item.options.map((o) => optionHtml(o, selected)).join('')}</optgroup>` : optionHtml(item, selected)))
    .join('');
}

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'value' | 'defaultValue' | 'dangerouslySetInnerHTML'> & {
  items: ReadonlyArray<SelectOption | SelectGroup>;
  selected: string;
};

/**
 * A select with a long, fixed list (Kenya's 47 counties and their towns), its options written
 * as HTML rather than as elements. Hydration then leaves them as the server sent them: the town
 * list alone was 336 of the 1,083 elements that /listings hydrated, on the phone's main thread
 * (Lighthouse's blocking time). It also marks the choice with `selected`, which Preact's
 * `defaultValue` does not reach inside an optgroup when the select is drawn in the browser.
 * The HTML is rewritten only when the list or the choice changes.
 */
export function OptionsSelect({ items, selected, ...rest }: Props) {
  return <select {...rest} dangerouslySetInnerHTML={{ __html: optionsHtml(items, selected) }} />;
}
