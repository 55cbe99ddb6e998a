import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The arrows between kernel/, app/ and server/ (README, Architecture) are kept by lint rules in
 * eslint.config.js. Each case lints one import as if it were written in the named file, so a
 * rule that stops matching (a renamed folder, a changed glob) fails here, not in review.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(root, file) });
  return result!.messages.some((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

describe('dependency direction', () => {
  it.each([
    ['kernel/example.ts', "import { loadConfig } from '../server/config.ts';", 'kernel imports server'],
    ['kernel/example.ts', "import type { Db } from '../server/db/client.ts';", 'kernel imports a server type'],
    ['kernel/example.ts', "import { toast } from '../app/lib/toast.ts';", 'kernel imports app'],
    ['kernel/example.ts', "import { useState } from 'react';", 'kernel imports React'],
    ['server/listings/example.ts', "import { toast } from '../../app/lib/toast.ts';", 'server imports app'],
    ['server/listings/example.ts', "import { Header } from '~/components/Header';", 'server imports app through ~'],
    ['scripts/example.ts', "import routes from '../app/routes.ts';", 'a script imports app'],
    ['app/components/Example.tsx', "import { loadConfig } from '../../server/config.ts';", 'a component imports server code'],
    ['app/lib/example.ts', "import { searchListings } from '../../server/listings/queries.ts';", 'app/lib imports server code'],
    ['app/components/Example.tsx', "import type { CardJson } from '../../server/listings/listing-json.ts';", 'a component imports a server type'],
    ['server/listings/example.ts', "import { postAd } from '#messages/common.ts';", 'server imports the build-time messages'],
  ])('%s: refused when %s', async (file, source) => {
    expect(await refused(file, source)).toBe(true);
  });

  it.each([
    ['server/listings/example.ts', "import { CATEGORIES } from '#kernel/categories.ts';"],
    ['app/components/Example.tsx', "import { CATEGORIES } from '#kernel/categories.ts';"],
    ['app/components/Example.tsx', "import type { CardJson } from '#kernel/listing-shapes.ts';"],
    ['app/routes/listings/example.tsx', "import { searchListings } from '../../../server/listings/queries.ts';"],
    ['app/root.server.ts', "import type { Db } from '../server/db/client.ts';"],
    ['kernel/example.ts', "import { groupDigits } from './format.ts';"],
    ['app/components/Example.tsx', "import { postAd } from '#messages/common.ts';"],
  ])('%s: allowed: %s', async (file, source) => {
    expect(await refused(file, source)).toBe(false);
  });
});

/** docs/decisions/swahili-i18n.md: a namespace import of a catalog would hide a missing Swahili text. */
describe('messages are imported by name', () => {
  async function syntaxRefused(source: string): Promise<boolean> {
    const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(root, 'app/components/Example.tsx') });
    return result!.messages.some((m) => m.ruleId === 'no-restricted-syntax');
  }

  it.each([
    ["import * as m from '#messages/common.ts'; console.log(m);"],
    ["void import('#messages/common.ts');"],
  ])('refused: %s', async (source) => {
    expect(await syntaxRefused(source)).toBe(true);
  });

  it('allows a named import', async () => {
    expect(await syntaxRefused("import { postAd } from '#messages/common.ts'; console.log(postAd);")).toBe(false);
  });
});
