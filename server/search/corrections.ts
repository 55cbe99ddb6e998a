import { searchWords, type SearchWord } from './words.ts';

/*
 * Spelling corrections (issue 42): a search word of five letters or more that no live ad
 * matches, even forgivingly, is corrected to the nearest word live ads have, within two edits
 * ("samsnug" -> samsung, "toyta" -> toyota). Both engines offer the same two look-ups
 * (WordSource) and the same rule decides, so a corrected search is the same whichever answers:
 *
 * - candidates: lower-case words of a to z, at most two letters longer or shorter, that share
 *   enough three-letter pieces to pass pg_trgm's `%` (similarity at least 0.3, the padded
 *   trigrams of similarity(); trigramSimilarity below is the same sum) — what the vocabulary's
 *   trigram index (migration 0700) finds without reading every word;
 * - within two edits, a swap of two neighbours counting as one (optimal string alignment);
 * - in at least one live ad; the fewest edits win, then the most ads (counted up to
 *   CORRECTION_COUNT_CAP), then the first in alphabetical order.
 */

export const CORRECTION_MIN_LENGTH = 5;
export const CORRECTION_MAX_EDITS = 2;
export const CORRECTION_COUNT_CAP = 1000;
export const SIMILARITY_THRESHOLD = 0.3;

export type WordSource = {
  /** Whether a live ad matches the word on its own (as typed, a form of it or a category it names). */
  matches(word: SearchWord): Promise<boolean>;
  /** The candidates for `word` (see above) with their live ads counted up to CORRECTION_COUNT_CAP; words in no live ad may be left out. */
  candidates(word: string): Promise<{ word: string; ads: number }[]>;
};

export type Correction = { search: string; original: string };

const CORRECTABLE = /^[a-z]+$/;

/** The padded trigrams of a word, as pg_trgm takes them: two spaces before, one after. */
function trigramSet(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity() of two words of a to z. */
export function trigramSimilarity(a: string, b: string): number {
  return similarity(trigramSet(a), trigramSet(b));
}

function similarity(x: Set<string>, y: Set<string>): number {
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** Optimal string alignment distance, or `max + 1` once it must exceed `max`. */
export function editDistance(a: string, b: string, max = CORRECTION_MAX_EDITS): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** Whether `candidate` may stand for `word` at all (the first filter; both sources apply it). */
export function isCandidate(word: string, candidate: string): boolean {
  return candidateTest(word)(candidate);
}

/** isCandidate for one word and many candidates: the word's trigrams taken once. */
export function candidateTest(word: string): (candidate: string) => boolean {
  const x = trigramSet(word);
  return (candidate) => {
    if (candidate === word || !CORRECTABLE.test(candidate) || Math.abs(candidate.length - word.length) > CORRECTION_MAX_EDITS) return false;
    return similarity(x, trigramSet(candidate)) >= SIMILARITY_THRESHOLD;
  };
}

/**
 * Whether every candidate of `word` holds one of its unpadded three-letter pieces or starts with
 * its first two letters, so that an index can find them all through those (the memory index
 * does: memory-words.ts). A candidate that holds none of the pieces shares at most the padded
 * trigrams "  a", " ab" and "yz " (for a word "ab…yz"); all three need the same first two
 * letters. With at most two shared, similarity is 2 / (X + Y - 2) for X and Y padded
 * trigrams; a candidate has three letters or more (a correctable word five or more, at most two
 * fewer), so Y >= 4, and with X >= 5 that is at most 2 / 7 < 0.3. Only a word with fewer than
 * five padded trigrams ("aaaaa": a letter repeated) fails the bound; it is looked for among every word.
 */
export function piecesFindEveryCandidate(word: string): boolean {
  return word.length >= CORRECTION_MIN_LENGTH && trigramSet(word).size >= 5;
}

/** The nearest candidate by the rule above, or null. */
export function nearest(word: string, candidates: { word: string; ads: number }[]): string | null {
  let best: { word: string; ads: number; edits: number } | null = null;
  for (const c of candidates) {
    if (c.ads <= 0 || !isCandidate(word, c.word)) continue;
    const edits = editDistance(word, c.word);
    if (edits > CORRECTION_MAX_EDITS) continue;
    const ads = Math.min(c.ads, CORRECTION_COUNT_CAP);
    if (!best || edits < best.edits || (edits === best.edits && (ads > best.ads || (ads === best.ads && c.word < best.word)))) best = { word: c.word, ads, edits };
  }
  return best?.word ?? null;
}

/** Whether a word may be corrected: five letters or more of a to z, searched forgivingly, naming no category. */
function correctable(word: SearchWord): boolean {
  return !word.whole && word.named.length === 0 && word.text.length >= CORRECTION_MIN_LENGTH && CORRECTABLE.test(word.text);
}

/**
 * The search with each unmatched word corrected, or null when nothing was corrected. Words are
 * looked at in the order typed; the corrected search keeps the others as typed.
 */
export async function correctSearch(source: WordSource, search: string | undefined): Promise<Correction | null> {
  const words = searchWords(search);
  if (!words.some(correctable)) return null;
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    if (correctable(word) && !(await source.matches(word))) {
      const better = nearest(word.text, await source.candidates(word.text));
      if (better) {
        out.push(better);
        changed = true;
        continue;
      }
    }
    out.push(word.text);
  }
  return changed ? { search: out.join(' '), original: words.map((w) => w.text).join(' ') } : null;
}


