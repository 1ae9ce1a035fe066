/**
 * Builds the offline gazetteer (server/engine/astro/data/places.tsv.gz) from a GeoNames cities15000.txt dump:
 * one row per city of 15,000+ people with its usual name, its Latin-script alternate names (where "Nueva York",
 * "Londres" and "Múnich" live; the app is written in English and Spanish), country, first-level region when it
 * is a letter code, coordinates, population and IANA timezone.
 * Alternate names that fold (accents, case, punctuation) to the usual name are dropped, of those that fold alike
 * one is kept, and three-letter airport codes are left out.
 * Timezone names the runtime's Intl rejects are renamed to their current names; one with no known rename stops
 * the build rather than dropping the city.
 * Usage: npx tsx scripts/build-gazetteer.ts <path-to-cities15000.txt>
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { foldPlaceName, isLatinScript } from "../server/engine/astro/place-text";

const ROOT = path.resolve(import.meta.dirname, "..");
const DATA_DIR = path.join(ROOT, "server/engine/astro/data");

/**
 * The dump's zones that the tz database has since renamed or merged into another (now links in its "backward"
 * file), with their current names: used only for a name this runtime no longer accepts.
 */
const RENAMED_ZONES: Record<string, string> = {
  "Europe/Kiev": "Europe/Kyiv",
  "Europe/Zaporozhye": "Europe/Kyiv",
  "Europe/Uzhgorod": "Europe/Kyiv",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Chongqing": "Asia/Shanghai",
  "Asia/Harbin": "Asia/Shanghai",
  "Asia/Kashgar": "Asia/Urumqi",
  "Asia/Choibalsan": "Asia/Ulaanbaatar",
  "America/Montreal": "America/Toronto",
  "America/Thunder_Bay": "America/Toronto",
  "America/Yellowknife": "America/Edmonton",
  "America/Santa_Isabel": "America/Tijuana",
  "America/Godthab": "America/Nuuk",
};

const COLUMN = {
  id: 0,
  name: 1,
  asciiName: 2,
  alternateNames: 3,
  latitude: 4,
  longitude: 5,
  countryCode: 8,
  admin1: 10,
  population: 14,
  timezone: 17,
} as const;

function acceptedZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function currentZone(zone: string, renamed: Map<string, string>): string {
  if (acceptedZone(zone)) return zone;
  const rename = RENAMED_ZONES[zone];
  if (!rename || !acceptedZone(rename)) {
    throw new Error(`timezone ${zone} is not accepted by this runtime and has no known current name`);
  }
  renamed.set(zone, rename);
  return rename;
}

const AIRPORT_CODE = /^[A-Z]{3}$/;
const accentCount = (name: string) => name.normalize("NFD").match(/\p{M}/gu)?.length ?? 0;

/**
 * The alternate names worth indexing: Latin script, not an airport code ("LON", "SAN": not a name anyone gives
 * as a birthplace, and shown as one they read as noise), none folding to the usual name. Of the spellings that
 * fold alike the accented one is kept ("Ciudad de México" over "Ciudad de Mexico"): that is the spelling of the
 * language that has the accent, and the other language's spelling folds to it anyway.
 */
function latinAlternates(name: string, candidates: string[]): string[] {
  const usual = foldPlaceName(name);
  const kept = new Map<string, string>();
  for (const candidate of candidates) {
    const trimmed = candidate.trim();
    const folded = foldPlaceName(trimmed);
    if (!folded || folded === usual || !isLatinScript(trimmed) || AIRPORT_CODE.test(trimmed)) continue;
    const earlier = kept.get(folded);
    if (earlier === undefined || accentCount(trimmed) > accentCount(earlier)) kept.set(folded, trimmed);
  }
  return [...kept.values()];
}

function build(sourceFile: string) {
  const rows = readFileSync(sourceFile, "utf8").split("\n").filter(Boolean);
  const renamed = new Map<string, string>();
  const lines = ["#id\tname\tcountry\tregion\tlatitude\tlongitude\tpopulation\ttimezone\talternates"];
  for (const row of rows) {
    const cells = row.split("\t");
    if (cells.length < 19) throw new Error(`malformed row: ${row.slice(0, 80)}`);
    const name = cells[COLUMN.name]!;
    const admin1 = cells[COLUMN.admin1]!;
    const alternates = latinAlternates(name, [
      cells[COLUMN.asciiName]!,
      ...cells[COLUMN.alternateNames]!.split(","),
    ]);
    lines.push(
      [
        cells[COLUMN.id],
        name,
        cells[COLUMN.countryCode],
        /^[A-Za-z]+$/.test(admin1) ? admin1 : "",
        cells[COLUMN.latitude],
        cells[COLUMN.longitude],
        cells[COLUMN.population],
        currentZone(cells[COLUMN.timezone]!, renamed),
        alternates.join(","),
      ].join("\t"),
    );
  }
  const compressed = gzipSync(`${lines.join("\n")}\n`, { level: 9 });
  writeFileSync(path.join(DATA_DIR, "places.tsv.gz"), compressed);
  console.log(`${rows.length} places, ${(compressed.length / 1024 / 1024).toFixed(2)} MB`);
  for (const [from, to] of renamed) console.log(`timezone ${from} -> ${to}`);
}

const sourceFile = process.argv[2];
if (!sourceFile) {
  console.error("usage: npx tsx scripts/build-gazetteer.ts <path-to-cities15000.txt>");
  process.exit(1);
}
build(sourceFile);
