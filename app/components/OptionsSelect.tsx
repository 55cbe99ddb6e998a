import type { SelectHTMLAttributes } from 'react';
import { escapeHtml } from '~/lib/html';

export type SelectOption = { value: string; label: string };
export type SelectGroup = { label: string; options: SelectOption[] };

const optionHtml = (o: SelectOption, selected: boolean) => `<option value="${escapeHtml(o.value)}"${selected ? ' selected' : ''}>${escapeHtml(o.label)}</option>`;

/** A list's HTML with nothing selected, and where each value's option sits in it. */
type Written = { html: string; at: Map<string, { start: number; end: number; option: SelectOption }> };

/**
 * Lists are long (275 places) and fixed, and every results page writes two of them: each is
 * escaped once, and a page only splices in its selected option.
 */
const written = new WeakMap<ReadonlyArray<SelectOption | SelectGroup>, Written>();

function write(items: ReadonlyArray<SelectOption | SelectGroup>): Written {
  let html = '';
  const at: Written['at'] = new Map();
  const add = (o: SelectOption) => {
    const start = html.length;
    html += optionHtml(o, false);
    if (!at.has(o.value)) at.set(o.value, { start, end: html.length, option: o });
  };
  for (const item of items) {
    if ('options' in item) {
      html += `<optgroup label="${escapeHtml(item.label)}">`;
      item.options.forEach(add);
      html += '</optgroup>';
    } else {
      add(item);
    }
  }
  return { html, at };
}

/** The options (and optgroups) of a select as HTML, the first option of value `selected` marked. */
export function optionsHtml(items: ReadonlyArray<SelectOption | SelectGroup>, selected: string): string {
  let list = written.get(items);
  if (!list) written.set(items, (list = write(items)));
  const place = list.at.get(selected);
  if (!place) return list.html;
  return list.html.slice(0, place.start) + optionHtml(place.option, true) + list.html.slice(place.end);
}

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'value' | 'defaultValue' | 'dangerouslySetInnerHTML'> & {
  items: ReadonlyArray<SelectOption | SelectGroup>;
  selected: string;
};

/**
 * A select with a long, fixed list (Kenya's 47 counties and their towns), its options written
 * as HTML rather than as elements. Hydration then leaves them as the server sent them: the town
 * list alone was 336 of the 1,083 elements that /listings hydrated, on the phone's main thread
 * (Lighthouse's blocking time). The choice is marked in that HTML with `selected`, since the
 * select has no option elements for a `value` or `defaultValue` to pick from.
 * The HTML is rewritten only when the list or the choice changes.
 */
export function OptionsSelect({ items, selected, ...rest }: Props) {
  return <select {...rest} dangerouslySetInnerHTML={{ __html: optionsHtml(items, selected) }} />;
}
