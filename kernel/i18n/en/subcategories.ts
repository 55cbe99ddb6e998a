/**
 * Subcategories' and their fields' shown words (kernel/subcategories.ts, issue 18 point 5). The
 * stored names, option values and slugs stay English everywhere (URLs, the database, filters):
 * only what is shown changes. English shows the stored names, so its tables are empty and
 * kernel/subcategories.ts's `subcategoryLabel`/`optionLabel` fold to the name itself in the
 * English build; a Swahili table reads `stored=shown|stored=shown`. Imported as
 * `#messages/subcategories.ts`, named imports only.
 */

/** Subcategory names: `Cars=Magari|…`; empty in English. */
export const subcategoryNames = '';
/** Option values of select fields (Condition, Fuel, Transmission, Furnishing, Other): `Used=Imetumika|…`; empty in English. */
export const optionNames = '';

export const attrCondition = 'Condition';
export const attrYear = 'Year';
export const attrMileage = 'Mileage';
export const attrFuel = 'Fuel';
export const attrTransmission = 'Transmission';
export const attrBedrooms = 'Bedrooms';
export const attrBathrooms = 'Bathrooms';
export const attrFurnishing = 'Furnishing';
export const attrStorage = 'Storage';
export const attrModel = 'Model';
export const attrMake = 'Make';
export const attrSize = 'Size';
export const attrBrand = 'Brand';
export const attrScreenSize = 'Screen size';
export const unitInches = 'inches';

export const placeholderYear = 'e.g. 2014';
export const placeholderMileage = 'e.g. 85000';
export const placeholderBedrooms = '0 for a bedsitter';
export const placeholderModel = 'e.g. Corolla';
export const placeholderSize = 'e.g. 50x100 ft or 1/8 acre';

/**
 * A field's errors, after its label: "Year must be a whole number from 1950 to 2027.",
 * "Make must be one of: Toyota, Nissan.", "Model must be at most 40 characters.", "Year must be text.".
 */
export const mustBe = ' must be ';
export const aWholeNumber = 'a whole number';
export const textWord = 'text';
export const wholeNumberFrom = ' must be a whole number from ';
export const rangeTo = ' to ';
export const oneOf = ' must be one of: ';
export const atMost = ' must be at most ';
export const charactersEnd = ' characters.';
/** "Cars ads have no field "colour"; fields: make, model.": before and after the subcategory, then the key. */
export const noFieldBefore = '';
export const noFieldAfter = ' ads have no field "';
export const fieldsList = '; fields: ';
/** "Choose a subcategory before giving "make".". */
export const chooseSubcategoryFirst = 'Choose a subcategory before giving "';
