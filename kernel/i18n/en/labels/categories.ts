/**
 * How a category's stored name is shown (kernel/categories.ts, `categoryLabel?.(name) ?? name`).
 * English shows the stored name itself: undefined, a literal the bundler writes in place, so the
 * English pages carry neither a function nor a table for it (the Swahili twin has the table).
 * A value, not a text: beside the catalogs (kernel/i18n/<lang>/*.ts hold texts only).
 */
export const categoryLabel: ((name: string) => string) | undefined = undefined;
