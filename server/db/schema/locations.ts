import { pgTable, text } from 'drizzle-orm/pg-core';

/** Kenya's 47 counties (migration 0880; the rows are kernel/kenya-locations.ts's COUNTIES). */
export const counties = pgTable('counties', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** Main towns, each in one county (migration 0880; kernel/kenya-locations.ts's TOWNS). */
export const towns = pgTable('towns', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countyCode: text('county_code').notNull(),
});

/** Every text that names a place, as location_key() writes it (migration 0880; locationNames() in the data file). */
export const locationNames = pgTable('location_names', {
  name: text('name').primaryKey(),
  townId: text('town_id'),
  countyCode: text('county_code').notNull(),
});
