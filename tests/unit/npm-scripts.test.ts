import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
const v8Flags = (script: string) => script.split(/\s+/).filter((word) => /^--((max-semi|initial-old|max-old)-space-size|heap-growing-percent)=/.test(word));
const mallocSettings = (script: string) => script.split(/\s+/).filter((word) => /^MALLOC_/.test(word));

describe('the memory settings of npm start', () => {
  it('gives the young generation room, the old one room before it is marked but no more than 50% over what it holds, and the heap an explicit ceiling with room for two search indexes during a reload (scripts/start.ts says why)', () => {
    expect(v8Flags(scripts.start!)).toEqual(['--max-semi-space-size=32', '--initial-old-space-size=128', '--heap-growing-percent=50', '--max-old-space-size=3072']);
  });

  it("keeps glibc from holding on to the search index's freed arrays (docs/decisions/malloc-mmap-threshold.md)", () => {
    expect(mallocSettings(scripts.start!)).toEqual(['MALLOC_MMAP_THRESHOLD_=65536']);
  });

  it('are what the search benchmark and profiler run with, so they measure what is deployed', () => {
    for (const script of ['bench:search', 'profile:search']) {
      expect(v8Flags(scripts[script]!)).toEqual(v8Flags(scripts.start!));
      expect(mallocSettings(scripts[script]!)).toEqual(mallocSettings(scripts.start!));
    }
  });
});
