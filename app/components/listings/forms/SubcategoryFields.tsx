import { useEffect, useState } from 'react';
import { OptionsSelect } from '../../OptionsSelect';
import { NO_SUBCATEGORY_LABEL } from '#kernel/listing-rules.ts';
import { ALL_SUBCATEGORIES, attributeFieldName, findSubcategory, subcategoriesOf, subcategorySlug, SUBCATEGORY_GROUPS, type AttributeDef, type SubcategoryDef } from '#kernel/subcategories.ts';
import { optionNames, subcategoryNames } from '#messages/subcategories.ts';
import { shownName } from '#kernel/i18n/shown-name.ts';
import { detailsAfter, notGiven, subcategory as subcategoryHeading, subcategoryHelp, subcategoryHelpLive } from '#messages/post.ts';


/** A message per failing field: `subcategory`, `attributes.<key>`. */
type Errors = Partial<Record<string, string | undefined>>;

/**
 * The subcategory and its fields on the post/edit form (issue 18, point 5).
 *
 * Without JavaScript: one select of every subcategory grouped by category (optgroups; the
 * server refuses one of another category with a message), and every subcategory's fields, each
 * set in a disclosure under its name (the chosen one open). Fields are named
 * `attr.<subcategory>.<key>`, so the server reads only those of the chosen subcategory.
 * With JavaScript: the chosen category's subcategories only, and the chosen subcategory's fields
 * only. A hook: the form places the select and the fields apart.
 */
export function useSubcategoryFields(props: { category: string; defaultSubcategory: string; attributes: Record<string, string>; errors: Errors; onEdit: (name: string) => void }) {
  const [live, setLive] = useState(false);
  const initial = findSubcategory(props.defaultSubcategory)?.sub.name ?? '';
  const [sub, setSub] = useState(initial);
  useEffect(() => {
    // What was picked before the page went live is kept.
    const select = document.getElementById('subcategory');
    if (select instanceof HTMLSelectElement) setSub(select.value);
    setLive(true);
  }, []);
  const options = subcategoriesOf(props.category);
  // A subcategory of another category (the category was changed) is no subcategory.
  const chosen = live ? (options.find((s) => s.name === sub) ?? null) : null;
  const error = props.errors.subcategory;
  const common = {
    id: 'subcategory',
    name: 'subcategory',
    className: 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? 'subcategory-error' : 'subcategory-help',
  };
  // Two parts, placed apart by the form: the select beside the category, and the fields near the
  // end, where swapping the list of every set (before the page is live) for the chosen one (after)
  // moves only the buttons below them.
  const select = (
    <div>
      <label htmlFor="subcategory" className="label">{subcategoryHeading}</label>
      {live ? (
        <select
          {...common}
          value={chosen?.name ?? ''}
          disabled={options.length === 0}
          onChange={(e) => {
            setSub(e.currentTarget.value);
            props.onEdit('subcategory');
          }}
        >
          <option value="">{NO_SUBCATEGORY_LABEL}</option>
          {options.map((s) => (
            <option key={s.name} value={s.name}>{subcategoryNames ? shownName(subcategoryNames, s.name) : s.name}</option>
          ))}
        </select>
      ) : (
        <OptionsSelect {...common} items={[{ value: '', label: NO_SUBCATEGORY_LABEL }, ...SUBCATEGORY_GROUPS]} selected={initial} />
      )}
      <p id="subcategory-help" className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {live ? subcategoryHelpLive : subcategoryHelp}
      </p>
      {error ? <p id="subcategory-error" className="field-error">{error}</p> : null}
    </div>
  );
  const fields = live ? (
    chosen && chosen.attributes.length ? (
      <fieldset key={chosen.name} className="rounded-lg border border-gray-300 p-3 dark:border-gray-700" data-testid="attribute-fields">
        <legend className="px-1 font-semibold">{subcategoryNames ? shownName(subcategoryNames, chosen.name) : chosen.name}{detailsAfter}</legend>
        <AttributeInputs sub={chosen} values={chosen.name === initial ? props.attributes : {}} errors={props.errors} onEdit={props.onEdit} />
      </fieldset>
    ) : null
  ) : (
    <div className="flex flex-col gap-2" data-testid="attribute-fieldsets">
      {ALL_SUBCATEGORIES.filter(({ sub: s }) => s.attributes.length > 0).map(({ category, sub: s }) => (
        <details key={s.name} open={s.name === initial || undefined} className="rounded-lg border border-gray-300 p-3 dark:border-gray-700">
          <summary className="cursor-pointer font-semibold">
            {subcategoryNames ? shownName(subcategoryNames, s.name) : s.name}{`${detailsAfter} `}<span className="font-normal text-gray-600 dark:text-gray-400">({category}: {s.attributes.map((a) => a.label.toLowerCase()).join(', ')})</span>
          </summary>
          <div className="mt-2">
            <AttributeInputs sub={s} values={s.name === initial ? props.attributes : {}} errors={s.name === initial ? props.errors : {}} onEdit={props.onEdit} />
          </div>
        </details>
      ))}
    </div>
  );
  return { select, fields };
}

const labelOf = (def: AttributeDef) => (def.unit ? `${def.label} (${def.unit})` : def.label);

/** One subcategory's fields, named attr.<subcategory>.<key>. */
function AttributeInputs({ sub, values, errors, onEdit }: { sub: SubcategoryDef; values: Record<string, string>; errors: Errors; onEdit: (name: string) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {sub.attributes.map((def) => {
        const id = `attr-${subcategorySlug(sub.name)}-${def.key}`;
        const name = attributeFieldName(sub.name, def.key);
        const error = errors[`attributes.${def.key}`];
        const common = {
          id,
          name,
          className: 'input',
          defaultValue: values[def.key] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <div key={def.key}>
            <label htmlFor={id} className="label">{labelOf(def)}</label>
            {def.type === 'select' ? (
              <AttributeSelect {...common} options={def.options ?? []} onEdit={() => onEdit(`attributes.${def.key}`)} />
            ) : def.type === 'number' ? (
              <input {...common} type="number" inputMode="numeric" min={def.min} max={def.max} step={1} placeholder={def.placeholder} onInput={() => onEdit(`attributes.${def.key}`)} />
            ) : (
              <input {...common} type="text" maxLength={def.maxLength} placeholder={def.placeholder} onInput={() => onEdit(`attributes.${def.key}`)} />
            )}
            {error ? <p id={`${id}-error`} className="field-error">{error}</p> : null}
          </div>
        );
      })}
    </div>
  );
}

/**
 * A select field, controlled: its value is state of the form, kept across the form's re-renders
 * (adding a photo, a message) and across a change of subcategory that keeps this field.
 */
function AttributeSelect({ defaultValue, options, onEdit, ...rest }: { id: string; name: string; className: string; defaultValue: string; options: readonly string[]; onEdit: () => void; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <select
      {...rest}
      value={value}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        onEdit();
      }}
    >
      <option value="">{notGiven}</option>
      {options.map((o) => (
        <option key={o} value={o}>{optionNames ? shownName(optionNames, o) : o}</option>
      ))}
    </select>
  );
}
