export * from './users.ts';
export * from './listings.ts';
export * from './payments.ts';
export * from './outbox.ts';
export * from './saved.ts';
export * from './locations.ts';
export * from './subcategories.ts';
export * from './messages.ts';
