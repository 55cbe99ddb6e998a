import { CATEGORIES, knownCategory, type Category } from './categories.ts';
import { groupDigits } from './format.ts';
import {
  aWholeNumber,
  atMost,
  attrBathrooms,
  attrBedrooms,
  attrBrand,
  attrCondition,
  attrFuel,
  attrFurnishing,
  attrMake,
  attrMileage,
  attrModel,
  attrScreenSize,
  attrSize,
  attrStorage,
  attrTransmission,
  attrYear,
  charactersEnd,
  chooseSubcategoryFirst,
  fieldsList,
  mustBe,
  noFieldAfter,
  noFieldBefore,
  oneOf,
  optionNames,
  placeholderBedrooms,
  placeholderMileage,
  placeholderModel,
  placeholderSize,
  placeholderYear,
  rangeTo,
  subcategoryNames,
  textWord,
  unitInches,
  wholeNumberFrom,
} from '#messages/subcategories.ts';

/*
 * Subcategories of the nine categories, and the structured fields (attributes) of each
 * (issue 18, point 5). The one list: the post/edit forms, the ad page, the results filters and
 * the server's validation read it, and migration 0900 holds the same rows in `subcategories` and
 * `attribute_definitions` (tests/integration/attributes.test.ts fails when they differ). A new
 * subcategory or field goes here and in a new migration's rows: no new column.
 *
 * Subcategory names are unique across all categories, so a name alone says which one it is.
 */

export type AttributeType = 'select' | 'number' | 'text';
export type AttributeFilterKind = 'equal' | 'range' | 'words';

export type AttributeDef = {
  /** Lower-case letters and underscores: the key in a listing's `attributes` and the filter's name (`attr.<key>`). */
  key: string;
  label: string;
  type: AttributeType;
  /** select: the allowed values, in the order shown. */
  options?: readonly string[];
  /** number: whole numbers from min to max. */
  min?: number;
  max?: number;
  /** number: shown after the value ("85,000 km"). */
  unit?: string;
  /** text: at most this many characters. */
  maxLength?: number;
  /**
   * How buyers filter on it: one value (equal), a from–to range (range), words that must all be
   * in a text field, whole and in any case ("axio" finds "Corolla Axio"), or not at all (null).
   */
  filter: AttributeFilterKind | null;
  /** A hint for the form ("e.g. Corolla"). */
  placeholder?: string;
};

export type SubcategoryDef = { name: string; attributes: readonly AttributeDef[] };

const THIS_YEAR = 2026;
const CONDITION = ['Brand new', 'Refurbished', 'Used'] as const;

const condition: AttributeDef = { key: 'condition', label: attrCondition, type: 'select', options: CONDITION, filter: 'equal' };
const year: AttributeDef = { key: 'year', label: attrYear, type: 'number', min: 1950, max: THIS_YEAR + 1, filter: 'range', placeholder: placeholderYear };
const mileage: AttributeDef = { key: 'mileage', label: attrMileage, type: 'number', min: 0, max: 2_000_000, unit: 'km', filter: 'range', placeholder: placeholderMileage };
const fuel: AttributeDef = { key: 'fuel', label: attrFuel, type: 'select', options: ['Petrol', 'Diesel', 'Hybrid', 'Electric'], filter: 'equal' };
const transmission: AttributeDef = { key: 'transmission', label: attrTransmission, type: 'select', options: ['Automatic', 'Manual'], filter: 'equal' };
const bedrooms: AttributeDef = { key: 'bedrooms', label: attrBedrooms, type: 'number', min: 0, max: 20, filter: 'range', placeholder: placeholderBedrooms };
const bathrooms: AttributeDef = { key: 'bathrooms', label: attrBathrooms, type: 'number', min: 0, max: 20, filter: 'range' };
const furnished: AttributeDef = { key: 'furnished', label: attrFurnishing, type: 'select', options: ['Furnished', 'Semi-furnished', 'Unfurnished'], filter: 'equal' };
const storage: AttributeDef = { key: 'storage', label: attrStorage, type: 'select', options: ['16 GB', '32 GB', '64 GB', '128 GB', '256 GB', '512 GB', '1 TB', '2 TB'], filter: 'equal' };
const model: AttributeDef = { key: 'model', label: attrModel, type: 'text', maxLength: 40, filter: 'words' };

const plain = (...names: string[]): SubcategoryDef[] => names.map((name) => ({ name, attributes: [] }));

export const SUBCATEGORIES: Record<Category, readonly SubcategoryDef[]> = {
  'Cars & Vehicles': [
    {
      name: 'Cars',
      attributes: [
        {
          key: 'make',
          label: attrMake,
          type: 'select',
          options: ['Toyota', 'Nissan', 'Mazda', 'Subaru', 'Mitsubishi', 'Honda', 'Volkswagen', 'Mercedes-Benz', 'BMW', 'Isuzu', 'Suzuki', 'Land Rover', 'Ford', 'Hyundai', 'Other'],
          filter: 'equal',
        },
        { ...model, placeholder: placeholderModel },
        year,
        mileage,
        transmission,
        fuel,
      ],
    },
    {
      name: 'Motorbikes',
      attributes: [
        { key: 'make', label: attrMake, type: 'select', options: ['Bajaj', 'TVS', 'Honda', 'Yamaha', 'Haojue', 'Suzuki', 'Other'], filter: 'equal' },
        year,
        mileage,
      ],
    },
    {
      name: 'Trucks and buses',
      attributes: [
        { key: 'make', label: attrMake, type: 'select', options: ['Isuzu', 'Mitsubishi Fuso', 'Hino', 'Toyota', 'Mercedes-Benz', 'Scania', 'Other'], filter: 'equal' },
        year,
        mileage,
        fuel,
      ],
    },
    { name: 'Parts', attributes: [condition] },
  ],
  'For Sale': plain('Clothing and shoes', 'Home and kitchen', 'Baby and kids', 'Books', 'Sports and outdoors', 'Solar and energy', 'Health and beauty'),
  Services: plain('Cleaning', 'Repairs', 'Installation', 'Moving and transport', 'Photography', 'Lessons and tuition', 'Construction', 'Travel and tours'),
  Property: [
    { name: 'For rent', attributes: [bedrooms, bathrooms, furnished] },
    { name: 'For sale', attributes: [bedrooms, bathrooms, furnished] },
    { name: 'Land and plots', attributes: [{ key: 'size', label: attrSize, type: 'text', maxLength: 40, filter: 'words', placeholder: placeholderSize }] },
    { name: 'Short stays', attributes: [bedrooms, furnished] },
    { name: 'Commercial property', attributes: [] },
  ],
  Pets: plain('Dogs', 'Cats', 'Birds', 'Fish', 'Rabbits', 'Pet supplies'),
  Jobs: plain('Accounting and finance', 'Sales and marketing', 'Domestic work', 'Driving', 'Hospitality', 'IT and software', 'Farm work', 'Security'),
  Furniture: plain('Sofas', 'Beds and mattresses', 'Dining', 'Office furniture', 'Wardrobes and storage', 'Living room'),
  Electronics: [
    {
      name: 'Phones',
      attributes: [
        { key: 'brand', label: attrBrand, type: 'select', options: ['Samsung', 'Apple', 'Tecno', 'Infinix', 'Xiaomi', 'Oppo', 'Nokia', 'Itel', 'Huawei', 'Google', 'Other'], filter: 'equal' },
        storage,
        condition,
      ],
    },
    {
      name: 'Laptops and computers',
      attributes: [
        { key: 'brand', label: attrBrand, type: 'select', options: ['HP', 'Dell', 'Lenovo', 'Apple', 'Asus', 'Acer', 'Microsoft', 'Other'], filter: 'equal' },
        { key: 'ram', label: 'RAM', type: 'select', options: ['4 GB', '8 GB', '16 GB', '32 GB', '64 GB'], filter: 'equal' },
        storage,
        condition,
      ],
    },
    {
      name: 'TVs and audio',
      attributes: [{ key: 'screen_size', label: attrScreenSize, type: 'number', min: 10, max: 120, unit: unitInches, filter: 'range' }, condition],
    },
    { name: 'Accessories', attributes: [condition] },
    { name: 'Gaming', attributes: [condition] },
    { name: 'Cameras', attributes: [condition] },
    { name: 'Home appliances', attributes: [condition] },
  ],
  Others: plain('Farm produce', 'Livestock', 'Building materials', 'Collectibles'),
};

/** A listing's attributes as stored: numbers for number fields, the option or text otherwise. */
export type AttributeValues = Record<string, string | number>;

export function subcategoriesOf(category: string | null | undefined): readonly SubcategoryDef[] {
  const known = category ? knownCategory(category) : null;
  return known ? SUBCATEGORIES[known] : [];
}

/** Every subcategory with its category, in the category bar's order. */
export const ALL_SUBCATEGORIES: { category: Category; sub: SubcategoryDef }[] = CATEGORIES.flatMap((category) => SUBCATEGORIES[category].map((sub) => ({ category, sub })));

/** A subcategory by name, case-insensitively (its category too), or null. */
export function findSubcategory(name: string | null | undefined): { category: Category; sub: SubcategoryDef } | null {
  const lower = (name ?? '').trim().toLowerCase();
  if (!lower) return null;
  return ALL_SUBCATEGORIES.find((s) => s.sub.name.toLowerCase() === lower) ?? null;
}

/** The attributes a subcategory has (none for none, or one outside the list). */
export function attributesOf(subcategory: string | null | undefined): readonly AttributeDef[] {
  return findSubcategory(subcategory)?.sub.attributes ?? [];
}

/** "Toyota", "85,000 km", "2014". */
export function formatAttribute(def: AttributeDef, value: string | number): string {
  if (def.type === 'number' && typeof value === 'number') {
    const n = def.key === 'year' ? String(value) : groupDigits(value);
    return def.unit ? `${n} ${def.unit}` : n;
  }
  return String(value);
}

/** The labelled values of a listing, in its subcategory's order (keys it no longer has are left out). */
export function attributeList(subcategory: string | null | undefined, values: AttributeValues | null | undefined): { key: string; label: string; value: string }[] {
  if (!values) return [];
  return attributesOf(subcategory).flatMap((def) => {
    const v = values[def.key];
    return v === undefined || v === '' ? [] : [{ key: def.key, label: def.label, value: def.type === 'select' ? optionLabel(String(v)) : formatAttribute(def, v) }];
  });
}

export type AttributeIssue = { msg: string; path: string };

const parseWhole = (raw: string): number | null => {
  const s = raw.replace(/[,\s]/g, '');
  return /^\d{1,15}$/.test(s) ? Number(s) : null;
};

/**
 * One value of a field as sent (text from a form, or JSON): trimmed, a select's option in its own
 * spelling (case aside), a number as a whole number within its range. '' and null mean "not
 * given". Returns the value to store, or a message.
 */
export function parseAttributeValue(def: AttributeDef, input: unknown): { value: string | number | null } | { error: string } {
  if (input === null || input === undefined) return { value: null };
  if (typeof input !== 'string' && typeof input !== 'number') return { error: `${def.label}${mustBe}${def.type === 'number' ? aWholeNumber : textWord}.` };
  const raw = String(input).replaceAll(String.fromCharCode(0), '').trim();
  if (raw === '') return { value: null };
  if (def.type === 'number') {
    const n = typeof input === 'number' ? (Number.isSafeInteger(input) && input >= 0 ? input : null) : parseWhole(raw);
    if (n === null || n < (def.min ?? 0) || n > (def.max ?? Number.MAX_SAFE_INTEGER)) {
      return { error: `${def.label}${wholeNumberFrom}${def.min ?? 0}${rangeTo}${def.max}.` };
    }
    return { value: n };
  }
  if (typeof input === 'number') return { error: `${def.label}${mustBe}${textWord}.` };
  if (def.type === 'select') {
    const option = def.options?.find((o) => o.toLowerCase() === raw.toLowerCase());
    return option ? { value: option } : { error: `${def.label}${oneOf}${def.options?.join(', ')}.` };
  }
  const max = def.maxLength ?? 60;
  return raw.length > max ? { error: `${def.label}${atMost}${max}${charactersEnd}` } : { value: raw };
}

/**
 * A listing's attributes as sent, for its subcategory: every key must be one of the
 * subcategory's fields; empty values are left out. Issues name the field as `attributes.<key>`.
 */
export function parseAttributes(subcategory: string | null, input: Record<string, unknown>): { values: AttributeValues; issues: AttributeIssue[] } {
  const defs = attributesOf(subcategory);
  const values: AttributeValues = {};
  const issues: AttributeIssue[] = [];
  for (const [key, raw] of Object.entries(input)) {
    const def = defs.find((d) => d.key === key);
    if (!def) {
      issues.push({
        path: `attributes.${key}`,
        msg: subcategory
          ? `${noFieldBefore}${subcategory}${noFieldAfter}${key}"${defs.length ? `${fieldsList}${defs.map((d) => d.key).join(', ')}` : ''}.`
          : `${chooseSubcategoryFirst}${key}".`,
      });
      continue;
    }
    const parsed = parseAttributeValue(def, raw);
    if ('error' in parsed) issues.push({ path: `attributes.${key}`, msg: parsed.error });
    else if (parsed.value !== null) values[key] = parsed.value;
  }
  return { values, issues };
}

/** Query parameter names of attribute filters: `attr.make`, `attr.year.min`, `attr.year.max`. */
export const ATTR_PARAM = 'attr.';

/**
 * The words a `words` filter or a text field holds, for matching one against the other: lower
 * case, split at anything but a-z and 0-9. PostgreSQL's C-locale regular expressions know no
 * other letters, and the SQL side (server/search/database/search-terms.ts) splits the same way.
 */
export function fieldWords(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/** A listing search's attribute filters: equal values and words (a string), and ranges (either end may be open). */
export type AttributeFilters = Record<string, string | { min?: number; max?: number }>;

/**
 * Form field names of the post/edit form's attribute inputs: `attr.<subcategory slug>.<key>`, so
 * that every subcategory's fieldset can be on the page at once without JavaScript, and only the
 * chosen subcategory's are read (server/listings/write.ts).
 */
export function attributeFieldName(subcategory: string, key: string): string {
  return `${ATTR_PARAM}${subcategorySlug(subcategory)}.${key}`;
}

export function subcategorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Every subcategory under its category, as the options of a select (OptionsSelect's groups). */
export const SUBCATEGORY_GROUPS: ReadonlyArray<{ label: string; options: Array<{ value: string; label: string }> }> = CATEGORIES.map((c) => ({
  label: c,
  // Written out, not through subcategoryLabel: in English the condition folds away and the list is as it was, to the byte.
  options: SUBCATEGORIES[c].map((s) => ({ value: s.name, label: subcategoryNames ? shown(subcategoryNames, s.name) : s.name })),
}));

/** `stored=shown|…` (kernel/i18n/sw/subcategories.ts): the shown words of a stored one, or the stored one itself. */
function shown(table: string, stored: string): string {
  for (const pair of table.split('|')) {
    const [key, label] = pair.split('=');
    if (key === stored && label) return label;
  }
  return stored;
}

/**
 * What a subcategory is called ("Magari" for the stored "Cars" in Swahili); the name itself in
 * English. For loaders and the server: a page component that imports it makes the English build
 * export two small functions; components write `subcategoryNames ? … : name` with a local lookup
 * (SubcategoryFields.tsx), which the English build folds to `name`.
 */
export function subcategoryLabel(name: string): string {
  return subcategoryNames ? shown(subcategoryNames, name) : name;
}

/** What a select field's stored option is called on the page ("Imetumika" for "Used" in Swahili); the name itself in English. */
export function optionLabel(value: string): string {
  return optionNames ? shown(optionNames, value) : value;
}
