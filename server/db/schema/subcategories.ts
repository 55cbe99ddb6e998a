import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { AttributeFilterKind } from '#kernel/subcategories.ts';

/** The subcategories of the nine categories (migration 0900; the rows are kernel/subcategories.ts). */
export const subcategories = pgTable('subcategories', {
  name: text('name').primaryKey(),
  category: text('category').notNull(),
  position: integer('position').notNull(),
});

/** The structured fields of each subcategory (migration 0900; kernel/subcategories.ts's `attributes`). */
export const attributeDefinitions = pgTable(
  'attribute_definitions',
  {
    subcategory: text('subcategory').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<'select' | 'number' | 'text'>().notNull(),
    options: jsonb('options').$type<string[] | null>(),
    minValue: bigint('min_value', { mode: 'number' }),
    maxValue: bigint('max_value', { mode: 'number' }),
    unit: text('unit'),
    maxLength: integer('max_length'),
    filter: text('filter').$type<AttributeFilterKind | null>(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subcategory, t.key] })],
);
