import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
const v8Flags = (script: string) => script.split(/\s+/).filter((word) => /^--max-(semi|old)-space-size=/.test(word));

describe('the V8 heap settings of npm start', () => {
  it('gives the young generation room, and the heap an explicit ceiling with room for two search indexes during a reload (scripts/start.ts says why)', () => {
    expect(v8Flags(scripts.start!)).toEqual(['--max-semi-space-size=64', '--max-old-space-size=3072']);
  });

  it('are what the search benchmark and profiler run with, so they measure what is deployed', () => {
    expect(v8Flags(scripts['bench:search']!)).toEqual(v8Flags(scripts.start!));
    expect(v8Flags(scripts['profile:search']!)).toEqual(v8Flags(scripts.start!));
  });
});
