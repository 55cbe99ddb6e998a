import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases, prepareTemplate } from './db.ts';

/**
 * Once per `vitest run`: builds the migrated template database (unless the migrations are
 * unchanged since it was built), so that each test file only copies it.
 */
export default async function setup(project: TestProject) {
  const run = randomUUID().replace(/-/g, '').slice(0, 8);
  project.provide('sokoTestRun', run);
  await prepareTemplate();
  return () => dropRunDatabases(run);
}
