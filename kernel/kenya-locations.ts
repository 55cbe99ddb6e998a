/**
 * Kenya's 47 counties and their main towns: the structured location of an ad (issue 18,
 * point 4). Shared by the forms (app/) and the server (server/): browser-safe, no imports.
 *
 * Sources:
 * - Counties, their names and codes 001–047: the Constitution of Kenya 2010, First Schedule
 *   (Article 6(1)), in its order and spelling ("Taita/Taveta", "Elgeyo/Marakwet",
 *   "Tharaka-Nithi", "Murang'a", "Nairobi City").
 * - Towns: each county's headquarters first, then other main urban centres, and for Nairobi
 *   City, Mombasa and the Nairobi commuter towns the areas buyers search by (Westlands,
 *   Kilimani, Karen, Embakasi, Kasarani, ...). Compiled by hand from the places named in the
 *   Kenya National Bureau of Statistics' 2019 Kenya Population and Housing Census, Volume II
 *   (Distribution of Population by Administrative Units). Checked against published sources
 *   in part (docs/locations.md, "Checked against"); a correction goes in this file and a new
 *   migration (0940 added Kehancha and Lumakanda).
 *
 * Migration 0880 (server/db/migrations/0880_counties_towns.sql) holds the same rows in the
 * `counties`, `towns` and `location_names` tables; tests/integration/locations.test.ts fails
 * when they differ. Adding a town: add it here and in a new migration (never edit 0880), and
 * the test says which rows to insert.
 */

export type County = {
  /** 001–047, as the First Schedule numbers them. */
  code: string;
  /** The First Schedule's name. */
  name: string;
  /** Other spellings people type ("Nairobi", "Taita Taveta"), matched like the name. */
  aliases: readonly string[];
  /** Main towns, the county headquarters first. */
  towns: readonly string[];
};

export type Town = {
  /** Stable id: the name in lower case, words joined by '-' ("nairobi-cbd", "muranga"). */
  id: string;
  name: string;
  countyCode: string;
};

export const COUNTIES: readonly County[] = [
  { code: '001', name: 'Mombasa', aliases: [], towns: ['Mombasa', 'Nyali', 'Bamburi', 'Kisauni', 'Likoni', 'Changamwe', 'Shanzu'] },
  { code: '002', name: 'Kwale', aliases: [], towns: ['Kwale', 'Ukunda', 'Diani', 'Msambweni', 'Kinango'] },
  { code: '003', name: 'Kilifi', aliases: [], towns: ['Kilifi', 'Malindi', 'Mtwapa', 'Watamu', 'Mariakani'] },
  { code: '004', name: 'Tana River', aliases: [], towns: ['Hola', 'Garsen', 'Bura'] },
  { code: '005', name: 'Lamu', aliases: [], towns: ['Lamu', 'Mpeketoni', 'Witu'] },
  { code: '006', name: 'Taita/Taveta', aliases: ['Taita Taveta', 'Taita-Taveta'], towns: ['Mwatate', 'Voi', 'Wundanyi', 'Taveta'] },
  { code: '007', name: 'Garissa', aliases: [], towns: ['Garissa', 'Dadaab', 'Masalani'] },
  { code: '008', name: 'Wajir', aliases: [], towns: ['Wajir', 'Habaswein', 'Griftu'] },
  { code: '009', name: 'Mandera', aliases: [], towns: ['Mandera', 'El Wak', 'Rhamu'] },
  { code: '010', name: 'Marsabit', aliases: [], towns: ['Marsabit', 'Moyale', 'Laisamis'] },
  { code: '011', name: 'Isiolo', aliases: [], towns: ['Isiolo', 'Merti', 'Garbatulla'] },
  { code: '012', name: 'Meru', aliases: [], towns: ['Meru', 'Maua', 'Timau', 'Nkubu'] },
  { code: '013', name: 'Tharaka-Nithi', aliases: ['Tharaka Nithi'], towns: ['Kathwana', 'Chuka', 'Marimanti'] },
  { code: '014', name: 'Embu', aliases: [], towns: ['Embu', 'Runyenjes', 'Siakago'] },
  { code: '015', name: 'Kitui', aliases: [], towns: ['Kitui', 'Mwingi', 'Mutomo'] },
  { code: '016', name: 'Machakos', aliases: [], towns: ['Machakos', 'Athi River', 'Syokimau', 'Mlolongo', 'Kangundo', 'Tala'] },
  { code: '017', name: 'Makueni', aliases: [], towns: ['Wote', 'Makindu', 'Emali', 'Sultan Hamud', 'Mtito Andei'] },
  { code: '018', name: 'Nyandarua', aliases: [], towns: ['Ol Kalou', 'Engineer', 'Njabini'] },
  { code: '019', name: 'Nyeri', aliases: [], towns: ['Nyeri', 'Karatina', 'Othaya', 'Naro Moru'] },
  { code: '020', name: 'Kirinyaga', aliases: [], towns: ['Kerugoya', 'Kutus', 'Sagana', 'Wanguru', 'Kagio'] },
  { code: '021', name: "Murang'a", aliases: ['Muranga'], towns: ["Murang'a", 'Kenol', 'Kangema', 'Maragua'] },
  {
    code: '022',
    name: 'Kiambu',
    aliases: [],
    towns: ['Kiambu', 'Thika', 'Ruiru', 'Juja', 'Kikuyu', 'Limuru', 'Ruaka', 'Kahawa Sukari', 'Githurai', 'Karuri', 'Githunguri', 'Gatundu'],
  },
  { code: '023', name: 'Turkana', aliases: [], towns: ['Lodwar', 'Kakuma', 'Lokichogio'] },
  { code: '024', name: 'West Pokot', aliases: [], towns: ['Kapenguria', 'Makutano', 'Chepareria'] },
  { code: '025', name: 'Samburu', aliases: [], towns: ['Maralal', 'Baragoi', 'Archers Post'] },
  { code: '026', name: 'Trans Nzoia', aliases: [], towns: ['Kitale', 'Kiminini', 'Endebess'] },
  { code: '027', name: 'Uasin Gishu', aliases: [], towns: ['Eldoret', 'Burnt Forest', 'Turbo', "Moi's Bridge"] },
  { code: '028', name: 'Elgeyo/Marakwet', aliases: ['Elgeyo Marakwet', 'Elgeyo-Marakwet'], towns: ['Iten', 'Kapsowar', 'Chepkorio'] },
  { code: '029', name: 'Nandi', aliases: [], towns: ['Kapsabet', 'Nandi Hills', 'Mosoriot'] },
  { code: '030', name: 'Baringo', aliases: [], towns: ['Kabarnet', 'Eldama Ravine', 'Marigat', 'Mogotio'] },
  { code: '031', name: 'Laikipia', aliases: [], towns: ['Rumuruti', 'Nanyuki', 'Nyahururu', 'Doldol'] },
  { code: '032', name: 'Nakuru', aliases: [], towns: ['Nakuru', 'Naivasha', 'Gilgil', 'Molo', 'Njoro', 'Subukia', 'Mai Mahiu'] },
  { code: '033', name: 'Narok', aliases: [], towns: ['Narok', 'Kilgoris', 'Ololulunga'] },
  { code: '034', name: 'Kajiado', aliases: [], towns: ['Kajiado', 'Kitengela', 'Ongata Rongai', 'Ngong', 'Kiserian', 'Isinya', 'Namanga', 'Loitokitok'] },
  { code: '035', name: 'Kericho', aliases: [], towns: ['Kericho', 'Litein', 'Londiani', 'Kipkelion'] },
  { code: '036', name: 'Bomet', aliases: [], towns: ['Bomet', 'Sotik', 'Mulot'] },
  { code: '037', name: 'Kakamega', aliases: [], towns: ['Kakamega', 'Mumias', 'Malava', 'Butere', 'Lugari', 'Lumakanda'] },
  { code: '038', name: 'Vihiga', aliases: [], towns: ['Mbale', 'Luanda', 'Majengo', 'Chavakali'] },
  { code: '039', name: 'Bungoma', aliases: [], towns: ['Bungoma', 'Webuye', 'Kimilili', 'Chwele'] },
  { code: '040', name: 'Busia', aliases: [], towns: ['Busia', 'Malaba', 'Nambale', 'Port Victoria'] },
  { code: '041', name: 'Siaya', aliases: [], towns: ['Siaya', 'Bondo', 'Ugunja', 'Yala', 'Usenge'] },
  { code: '042', name: 'Kisumu', aliases: [], towns: ['Kisumu', 'Ahero', 'Maseno', 'Muhoroni', 'Kondele'] },
  { code: '043', name: 'Homa Bay', aliases: ['Homabay'], towns: ['Homa Bay', 'Mbita', 'Oyugis', 'Kendu Bay'] },
  { code: '044', name: 'Migori', aliases: [], towns: ['Migori', 'Awendo', 'Rongo', 'Isebania', 'Kehancha'] },
  { code: '045', name: 'Kisii', aliases: [], towns: ['Kisii', 'Ogembo', 'Suneka', 'Keroka'] },
  { code: '046', name: 'Nyamira', aliases: [], towns: ['Nyamira', 'Nyansiongo', 'Ekerenyo'] },
  {
    code: '047',
    name: 'Nairobi City',
    aliases: ['Nairobi'],
    towns: [
      'Nairobi CBD',
      'Westlands',
      'Parklands',
      'Kilimani',
      'Kileleshwa',
      'Lavington',
      'Upper Hill',
      'Hurlingham',
      'Karen',
      'Langata',
      'Runda',
      'Muthaiga',
      'Gigiri',
      'Spring Valley',
      'Kitisuru',
      'South B',
      'South C',
      'Industrial Area',
      'Embakasi',
      'Utawala',
      'Donholm',
      'Buruburu',
      'Umoja',
      'Kayole',
      'Eastleigh',
      'Kasarani',
      'Roysambu',
      'Zimmerman',
      'Kahawa West',
      'Ruai',
      'Dagoretti',
      'Kawangware',
      'Kibera',
      'Madaraka',
      'Ngara',
    ],
  },
];

/** "Nairobi CBD" -> "nairobi-cbd", "Murang'a" -> "muranga". */
export function townId(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const TOWNS: readonly Town[] = COUNTIES.flatMap((c) => c.towns.map((name) => ({ id: townId(name), name, countyCode: c.code })));

const countyByCode = new Map(COUNTIES.map((c) => [c.code, c]));
const townById = new Map(TOWNS.map((t) => [t.id, t]));

export function countyByCodeOrNull(code: string | null | undefined): County | null {
  return (code && countyByCode.get(code)) || null;
}

export function townByIdOrNull(id: string | null | undefined): Town | null {
  return (id && townById.get(id)) || null;
}

/** How an ad's place reads: "Westlands, Nairobi City", or the county alone for a county-wide ad. */
export function placeLabel(townIdValue: string | null | undefined, countyCode: string | null | undefined): string | null {
  const town = townByIdOrNull(townIdValue);
  const county = countyByCodeOrNull(town?.countyCode ?? countyCode);
  if (!county) return null;
  return town ? `${town.name}, ${county.name}` : county.name;
}

/**
 * A free-text location as matched: trimmed, lower-cased, runs of spaces as one, and the
 * typographic apostrophe as the plain one. Migration 0880's `location_key()` does the same in SQL.
 */
export function locationKey(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\u2019/g, "'");
}

export type ResolvedLocation = { townId: string | null; countyCode: string };

/**
 * Every text that names a place, as locationKey writes it: each town's name ("westlands"), the
 * town with its county or one of the county's other names ("westlands, nairobi city",
 * "westlands, nairobi"), each county's names alone, also with " county" ("nairobi",
 * "nakuru county"). A town's own name wins over a county of the same name ("nakuru" is the
 * town). These are the rows of migration 0880's location_names.
 */
export function locationNames(): Map<string, ResolvedLocation> {
  const names = new Map<string, ResolvedLocation>();
  for (const county of COUNTIES) {
    for (const countyName of [county.name, ...county.aliases]) {
      for (const key of [countyName, `${countyName} county`]) names.set(locationKey(key), { townId: null, countyCode: county.code });
    }
  }
  for (const county of COUNTIES) {
    for (const name of county.towns) {
      const town = { townId: townId(name), countyCode: county.code };
      names.set(locationKey(name), town);
      for (const countyName of [county.name, ...county.aliases]) {
        names.set(locationKey(`${name}, ${countyName}`), town);
        names.set(locationKey(`${name}, ${countyName} county`), town);
      }
    }
  }
  return names;
}

let names: Map<string, ResolvedLocation> | undefined;

/**
 * The town (and county) a location text names, or the county alone for a county's name; null
 * when it names neither (the text is then kept as it is, unstructured).
 */
export function resolveLocation(text: string | null | undefined): ResolvedLocation | null {
  if (!text) return null;
  names ??= locationNames();
  return names.get(locationKey(text)) ?? null;
}

/** The text a picked place is posted as (the option's value): "Westlands, Nairobi City", or the county's name. */
export function placeText(place: ResolvedLocation): string {
  return placeLabel(place.townId, place.countyCode)!;
}

/**
 * A county filter from a URL value: its code ("047"), name or other name, case-insensitively
 * ("Nairobi City", "nairobi", "nairobi-city"); null when it names none.
 */
export function resolveCounty(value: string | null | undefined): County | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (/^\d{1,3}$/.test(v)) return countyByCodeOrNull(v.padStart(3, '0'));
  const key = townId(v);
  return COUNTIES.find((c) => [c.name, ...c.aliases].some((n) => townId(n) === key)) ?? null;
}

/** A town filter from a URL value: its id ("westlands") or name, case-insensitively; null when it names none. */
export function resolveTown(value: string | null | undefined): Town | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  return townByIdOrNull(townId(v));
}
