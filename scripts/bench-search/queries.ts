/**
 * Searches as visitors type them, never the same one twice in a run: 1-3 words (brands, models
 * with their brand, short words and model codes, partial words, typos, unlikely pairs), a
 * location on about half, a category on about a third (mostly the words' own), pages past the
 * first, price sorts and ranges. Seeded, so a run can be repeated exactly.
 */
import { CAR_MAKES, LAPTOP_MAKES, PHONE_MAKES, PLACES, TV_BRANDS, CONSOLES, pickPlace } from './catalog.ts';
import type { Rng } from './random.ts';

type Source = { words: () => string; category: string; priceRange: [number, number] };

const lower = (s: string) => s.toLowerCase();
const firstWord = (s: string) => s.split(' ')[0]!;

function sources(rng: Rng): Array<[Source, number]> {
  const make = (makes: typeof CAR_MAKES) => rng.weighted(makes.map((m) => [m, m.weight] as const));
  const model = (m: (typeof CAR_MAKES)[number]) => m.models[rng.zipf(m.models.length, 0.8)]!;
  const cars: Source = {
    category: 'Cars & Vehicles',
    priceRange: [300_000, 6_000_000],
    words: () => {
      const m = make(CAR_MAKES);
      const mo = model(m);
      return rng.weighted([
        [firstWord(m.brand), 3],
        [`${firstWord(m.brand)} ${mo}`, 5],
        [mo, 3],
        [`${mo} ${rng.int(2006, 2023)}`, 1],
        [`${firstWord(m.brand)} ${rng.pick(['automatic', 'diesel', '4wd', 'manual', 'clean'])}`, 1],
        [rng.pick(['motorbike', 'boxer', 'tvs', 'tyres', 'rims', 'pickup', 'lorry', 'ex japan']), 1],
      ] as const);
    },
  };
  const phones: Source = {
    category: 'Electronics',
    priceRange: [5_000, 150_000],
    words: () => {
      const m = make(PHONE_MAKES);
      const mo = model(m);
      return rng.weighted([
        [`${m.brand} ${mo}`, 4],
        [`${firstWord(m.brand)} ${firstWord(mo)}`, 3],
        [firstWord(m.brand), 2],
        [`${firstWord(m.brand)} ${rng.pick(['128gb', '256gb', '64gb', '5g', 'pro', 'phone'])}`, 2],
        [rng.pick(['iphone 13', 'iphone 11', 'iphone 14 pro max', 'samsung a14', 'tecno spark', 'infinix hot', 'a54', 's23 ultra', 'phone', 'smartphone']), 2],
      ] as const);
    },
  };
  const laptops: Source = {
    category: 'Electronics',
    priceRange: [15_000, 200_000],
    words: () => {
      const m = make(LAPTOP_MAKES);
      const mo = model(m);
      return rng.weighted([
        [`${firstWord(m.brand)} ${firstWord(mo)}`, 3],
        [`${firstWord(m.brand)} laptop`, 3],
        [`${firstWord(mo)} ${mo.split(' ')[1] ?? ''}`.trim(), 2],
        [rng.pick(['laptop', 'core i5', 'core i7', 'i5 laptop', 'i7', 'i5', '8gb ram', 'ssd', 'macbook', 'thinkpad', 'elitebook', 'gaming laptop']), 3],
      ] as const);
    },
  };
  const tvs: Source = {
    category: 'Electronics',
    priceRange: [8_000, 300_000],
    words: () =>
      rng.weighted([
        ['tv', 3],
        [`${lower(rng.pick(TV_BRANDS))} tv`, 3],
        [`${rng.pick(['32', '43', '55', '65'])} inch tv`, 2],
        [`${rng.pick(['4k', 'smart', 'android'])} tv`, 2],
        [rng.pick(['lg', 'hisense', 'tcl', '4k', 'soundbar', 'subwoofer', 'ps4', 'ps5', lower(rng.pick(CONSOLES)), 'xbox', 'jbl', 'hp printer', 'router']), 3],
      ] as const),
  };
  const furniture: Source = {
    category: 'Furniture',
    priceRange: [2_000, 150_000],
    words: () =>
      rng.pick([
        'sofa',
        '5 seater sofa',
        'leather sofa',
        'l shaped sofa',
        'sofa set',
        'bed',
        '6x6 bed',
        '5x6 bed',
        'mahogany bed',
        'mattress',
        'dining table',
        'wardrobe',
        'office chair',
        'tv stand',
        'coffee table',
        'recliner',
        'kitchen cabinets',
      ]),
  };
  const property: Source = {
    category: 'Property',
    priceRange: [5_000, 20_000_000],
    words: () =>
      rng.weighted([
        [rng.pick(['bedsitter', 'studio', '1 bedroom', '2 bedroom', '3 bedroom', '4 bedroom', 'maisonette', 'bungalow', 'plot', '50x100', 'land', '1/8 acre', 'apartment']), 4],
        [`${rng.pick(['2 bedroom', '3 bedroom', 'bedsitter', 'plot', 'house', 'apartment'])} ${lower(pickPlace(rng).area)}`, 2],
        [rng.pick(['to let', 'for rent', 'swimming pool', 'borehole', 'gated', 'dsq']), 1],
      ] as const),
  };
  const pets: Source = {
    category: 'Pets',
    priceRange: [500, 60_000],
    words: () => rng.pick(['german shepherd', 'puppies', 'rottweiler puppies', 'maltese', 'kittens', 'kienyeji', 'chicken', 'dairy cow', 'goats', 'husky', 'dog', 'rabbits', 'boerboel']),
  };
  const jobs: Source = {
    category: 'Jobs',
    priceRange: [10_000, 100_000],
    words: () => rng.pick(['house help', 'driver', 'sales', 'accountant', 'nanny', 'security guard', 'waiter', 'chef', 'developer', 'receptionist', 'mechanic', 'cleaner', 'rider', 'vacancy', 'hiring']),
  };
  const services: Source = {
    category: 'Services',
    priceRange: [500, 30_000],
    words: () => rng.pick(['plumber', 'plumbing', 'cctv', 'dstv installation', 'movers', 'cleaning', 'fumigation', 'web design', 'photography', 'catering', 'tutor', 'painting', 'borehole', 'solar', 'repair', 'tent hire']),
  };
  const forSale: Source = {
    category: 'For Sale',
    priceRange: [300, 100_000],
    words: () =>
      rng.pick(['gas cylinder', 'water tank', 'solar panel', 'fridge', 'cooker', 'microwave', 'washing machine', 'sneakers', 'air force 1', 'jordan', 'dress', 'mitumba', 'bicycle', 'stroller', 'dumbbells', 'guitar', 'handbag', 'watch', 'perfume', 'k-gas', 'lg fridge']),
  };
  return [
    [cars, 20],
    [phones, 18],
    [laptops, 9],
    [tvs, 9],
    [furniture, 9],
    [property, 12],
    [pets, 5],
    [jobs, 6],
    [services, 6],
    [forSale, 10],
  ];
}

const NEIGHBOURS = 'qwertyuiopasdfghjklzxcvbnm';

/** One slip of the finger: a letter dropped, doubled, swapped with the next, or replaced. */
function typo(rng: Rng, word: string): string {
  if (word.length < 4) return word;
  const i = rng.int(1, word.length - 2);
  switch (rng.int(0, 3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    default:
      return word.slice(0, i) + rng.pick([...NEIGHBOURS]) + word.slice(i + 1);
  }
}

const CATEGORIES = ['Cars & Vehicles', 'Electronics', 'For Sale', 'Furniture', 'Property', 'Pets', 'Jobs', 'Services', 'Others'];
const RARE = ['kamau', 'wanjiru', 'otieno', 'baraka', 'till', 'trade-in', 'lipa pole pole', 'kra', 'ex-uk', 'warranty', 'receipt', 'hire purchase', '2014', '1500cc', '128gb', 'zanzibar', 'solar water heater', 'qwxyzv', 'ps2', 'nokia 3310'];
const UNLIKELY = [
  ['toyota', 'sofa'],
  ['iphone', 'puppies'],
  ['bedsitter', 'laptop'],
  ['plumber', 'subaru'],
  ['fridge', 'german shepherd'],
  ['ps5', 'maisonette'],
  ['tv', 'goats'],
  ['hp', 'dress'],
] as const;

export type QueryMix = { sorts: readonly string[] };

/** `count` distinct query strings for /api/listings (and, without sort and price, the /listings page). */
export function distinctQueries(rng: Rng, count: number, mix: QueryMix): string[] {
  const all = sources(rng);
  const seen = new Set<string>();
  const out: string[] = [];
  let attempts = 0;
  while (out.length < count && attempts++ < count * 50) {
    const source = rng.weighted(all);
    const kind = rng.weighted([
      ['plain', 58],
      ['none', 9],
      ['partial', 8],
      ['typo', 9],
      ['rare', 6],
      ['unlikely', 4],
      ['extra', 6],
    ] as const);
    let words = '';
    if (kind === 'plain') words = source.words();
    else if (kind === 'partial') {
      // A word cut short, as typed before the autocomplete gave up.
      const w = source.words().split(' ').sort((a, b) => b.length - a.length)[0]!;
      words = w.length > 4 ? w.slice(0, rng.int(3, w.length - 1)) : w;
    } else if (kind === 'typo') words = source.words().split(' ').map((w) => (w.length >= 4 && rng.chance(0.7) ? typo(rng, w) : w)).join(' ');
    else if (kind === 'rare') words = rng.pick(RARE);
    else if (kind === 'unlikely') words = rng.pick(UNLIKELY).join(' ');
    else if (kind === 'extra') words = `${rng.pick(['used', 'new', 'clean', 'cheap', 'original', 'brand new', 'ex uk'])} ${source.words()}`;
    words = words.toLowerCase().split(' ').slice(0, 3).join(' ');
    if (rng.chance(0.05)) words = words.toUpperCase();

    const params = new URLSearchParams();
    if (words) params.set('search', words);
    if (rng.chance(0.5) || !words) {
      const place = pickPlace(rng);
      const location = rng.weighted([
        [place.area, 6],
        [place.county, 3],
        [place.area.slice(0, Math.max(3, place.area.length - 2)), 1],
        [rng.pick(PLACES).area, 1],
      ] as const);
      params.set('location', lower(location));
    }
    if (rng.chance(1 / 3)) params.set('category', rng.chance(0.8) ? source.category : rng.pick(CATEGORIES));
    if (rng.chance(0.15)) {
      const [lo, hi] = source.priceRange;
      const min = Math.round(lo + (rng.next() * (hi - lo)) / 3);
      const max = Math.round(min * (1.5 + rng.next() * 6));
      const which = rng.int(0, 2);
      if (which !== 1) params.set('minPrice', String(min));
      if (which !== 0) params.set('maxPrice', String(max));
    }
    const sort = rng.weighted([
      ['newest', 66],
      ['price_asc', 10],
      ['price_desc', 9],
      ['best', words ? 15 : 0],
    ] as const);
    if (sort !== 'newest' && mix.sorts.includes(sort)) params.set('sort', sort);
    const page = rng.weighted([
      [1, 72],
      [rng.int(2, 5), 18],
      [rng.int(6, 40), 10],
    ] as const);
    if (page > 1) params.set('page', String(page));
    const query = params.toString();
    if (!query || seen.has(query)) continue;
    seen.add(query);
    out.push(query);
  }
  return out;
}
