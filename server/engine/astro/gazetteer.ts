/**
 * The offline gazetteer: GeoNames cities of 15,000+ people (data/places.tsv.gz, built by
 * scripts/build-gazetteer.ts), loaded once on first use. Every usual and Latin-script alternate name is folded
 * (place-text.ts) into one sorted key list, so a search is a binary search to the query's prefix and a walk
 * over the names that start with it, keeping the best few: no per-keystroke scan of all the cities.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { BirthPlace } from "../../../contract/oracle";
import type { Language } from "../morphology";
import { foldPlaceName } from "./place-text";

const PLACES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "data", "places.tsv.gz");

interface Place {
  id: number;
  name: string;
  countryCode: string;
  region: string | null;
  latitude: number;
  longitude: number;
  population: number;
  timezone: string;
  alternates: string[];
}

/** A key's name: the usual one, or an index into the place's alternates. */
const USUAL_NAME = -1;

interface Gazetteer {
  places: Place[];
  byId: Map<number, Place>;
  /** Folded names, sorted by code unit; the parallel arrays say whose name each one is and how many live there. */
  keys: string[];
  keyPlace: Uint32Array;
  keyName: Int32Array;
  keyPopulation: Uint32Array;
  /** Built on the first search with a comma. */
  countryNames?: Map<string, string[]>;
}

/** Names people write for a country that are neither its code nor its English or Spanish name. */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ["usa", "eeuu", "ee uu"],
  GB: [
    "uk",
    "great britain",
    "gran bretana",
    "england",
    "inglaterra",
    "scotland",
    "escocia",
    "wales",
    "gales",
  ],
};

function parsePlaces(): Place[] {
  const lines = gunzipSync(readFileSync(PLACES_FILE)).toString("utf8").split("\n");
  const places: Place[] = [];
  for (const line of lines) {
    if (!line || line.startsWith("#")) continue;
    const [id, name, countryCode, region, latitude, longitude, population, timezone, alternates] =
      line.split("\t");
    places.push({
      id: Number(id),
      name: name!,
      countryCode: countryCode!,
      region: region || null,
      latitude: Number(latitude),
      longitude: Number(longitude),
      population: Number(population),
      timezone: timezone!,
      alternates: alternates ? alternates.split(",") : [],
    });
  }
  return places;
}

/** Folded ways to name each country after a comma: its code, its English and Spanish names, usual aliases. */
function countryNamesOf(places: Place[]): Map<string, string[]> {
  const displayNames = (["en", "es"] as const).map(
    (locale) => new Intl.DisplayNames([locale], { type: "region" }),
  );
  const names = new Map<string, string[]>();
  for (const { countryCode } of places) {
    if (names.has(countryCode)) continue;
    const written = [countryCode, ...displayNames.map((d) => d.of(countryCode) ?? countryCode)];
    names.set(countryCode, [...written.map(foldPlaceName), ...(COUNTRY_ALIASES[countryCode] ?? [])]);
  }
  return names;
}

function loadGazetteer(): Gazetteer {
  const places = parsePlaces();
  const keyed: string[] = [];
  const owners: number[] = [];
  const names: number[] = [];
  places.forEach((place, placeIndex) => {
    for (let name = USUAL_NAME; name < place.alternates.length; name++) {
      keyed.push(foldPlaceName(name === USUAL_NAME ? place.name : place.alternates[name]!));
      owners.push(placeIndex);
      names.push(name);
    }
  });
  const order = Uint32Array.from(keyed, (_, i) => i).sort((a, b) =>
    keyed[a]! < keyed[b]! ? -1 : keyed[a]! > keyed[b]! ? 1 : 0,
  );
  return {
    places,
    byId: new Map(places.map((place) => [place.id, place])),
    keys: Array.from(order, (i) => keyed[i]!),
    keyPlace: order.map((i) => owners[i]!),
    keyName: Int32Array.from(order, (i) => names[i]!),
    keyPopulation: order.map((i) => places[owners[i]!]!.population),
  };
}

let loaded: Gazetteer | undefined;
const gazetteer = () => {
  loaded ??= loadGazetteer();
  return loaded;
};

/**
 * Loads the gazetteer now (0.3-0.5 s of folding and sorting): the server does it before it listens, so the first
 * birth-place search does not hold every other request behind it.
 */
export function loadPlaces(): void {
  gazetteer();
}

/** The first key not sorted before `prefix`: where the keys starting with it begin. */
function firstKeyFrom(keys: string[], prefix: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What follows a comma ("London, CA", "Córdoba, España", "Springfield, IL"): the country or region it names. */
interface Qualifier {
  text: string;
  exactCountries: Set<string>;
  prefixCountries: Set<string>;
}

function qualifierOf(index: Gazetteer, text: string): Qualifier {
  const exactCountries = new Set<string>();
  const prefixCountries = new Set<string>();
  index.countryNames ??= countryNamesOf(index.places);
  for (const [code, names] of index.countryNames) {
    if (names.includes(text)) exactCountries.add(code);
    if (names.some((name) => name.startsWith(text))) prefixCountries.add(code);
  }
  return { text, exactCountries, prefixCountries };
}

/** 2: every qualifier names the place's country or region; 1: some only begin such a name; 0: one does not fit. */
function qualifierFit(place: Place, qualifiers: Qualifier[]): number {
  let fit = 2;
  const region = place.region?.toLowerCase();
  for (const { text, exactCountries, prefixCountries } of qualifiers) {
    if (exactCountries.has(place.countryCode) || region === text) continue;
    if (!prefixCountries.has(place.countryCode) && !region?.startsWith(text)) return 0;
    fit = 1;
  }
  return fit;
}

interface Match {
  place: Place;
  nameIndex: number;
  exactName: boolean;
  /**
   * 2 for an exact name, 1 for the start of a usual name, 0 for the start of an alternate one (short prefixes
   * otherwise fill up with big cities' historic and transliterated names: "b" would offer "Batavia" for
   * Jakarta), doubled, plus 1 when every qualifier names the country or region outright.
   */
  rank: number;
}

const EXACT_NAME = 2;
const USUAL_NAME_PREFIX = 1;
const ALTERNATE_NAME_PREFIX = 0;

const isBetter = (a: Match, b: Match) =>
  a.rank !== b.rank
    ? a.rank > b.rank
    : a.place.population !== b.place.population
      ? a.place.population > b.place.population
      : a.place.id < b.place.id;

/** Keeps `best` sorted best-first, one match per place. */
function keepIfBetter(best: Match[], limit: number, match: Match) {
  const sameIndex = best.findIndex((kept) => kept.place === match.place);
  if (sameIndex >= 0) {
    if (!isBetter(match, best[sameIndex]!)) return;
    best.splice(sameIndex, 1);
  }
  if (best.length === limit && !isBetter(match, best[limit - 1]!)) return;
  let at = best.length;
  while (at > 0 && isBetter(match, best[at - 1]!)) at--;
  best.splice(at, 0, match);
  if (best.length > limit) best.pop();
}

/** The city as typed when it is written as a name ("Múnich", "Nueva York"; not "nueva york" or "NUEVA YORK"). */
function writtenAsName(cityText: string): string | undefined {
  const name = cityText.trim().replace(/\s+/g, " ");
  return name !== name.toLowerCase() && name !== name.toUpperCase() ? name : undefined;
}

/**
 * The best places for the query, each named by its usual name, or by the alternate it was found by: as the user
 * typed it when that was the whole name written as a name (the gazetteer keeps one spelling of "Munich" and
 * "Múnich"), else as stored.
 */
function findPlaces(query: string, limit: number): { place: BirthPlace; exactName: boolean }[] {
  const index = gazetteer();
  const [cityText = "", ...qualifierTexts] = query.split(",");
  const key = foldPlaceName(cityText);
  if (!key || limit < 1) return [];
  const qualifiers = qualifierTexts
    .map(foldPlaceName)
    .filter(Boolean)
    .map((text) => qualifierOf(index, text));
  const best: Match[] = [];
  const { keys, keyPlace, keyName, keyPopulation, places } = index;
  // Folded keys hold no character above U+FFFF's code unit, so this bounds every key starting with `key`.
  const end = firstKeyFrom(keys, `${key}\uffff`);
  for (let i = firstKeyFrom(keys, key); i < end; i++) {
    const tier =
      keys[i]!.length === key.length
        ? EXACT_NAME
        : keyName[i] === USUAL_NAME
          ? USUAL_NAME_PREFIX
          : ALTERNATE_NAME_PREFIX;
    const worst = best.length === limit ? best[limit - 1]! : undefined;
    const bestRankPossible = tier * 2 + 1;
    // Most of a short prefix's names cannot enter the list: skip them before looking at their place.
    if (
      worst &&
      (bestRankPossible < worst.rank ||
        (bestRankPossible === worst.rank && keyPopulation[i]! < worst.place.population))
    )
      continue;
    const place = places[keyPlace[i]!]!;
    const fit = qualifierFit(place, qualifiers);
    if (fit === 0) continue;
    keepIfBetter(best, limit, {
      place,
      nameIndex: keyName[i]!,
      exactName: tier === EXACT_NAME,
      rank: tier * 2 + fit - 1,
    });
  }
  const typed = writtenAsName(cityText);
  return best.map(({ place, nameIndex, exactName }) => ({
    place: toBirthPlace(
      place,
      nameIndex === USUAL_NAME ? place.name : (exactName && typed) || place.alternates[nameIndex]!,
    ),
    exactName,
  }));
}

function toBirthPlace(place: Place, name: string): BirthPlace {
  return {
    id: place.id,
    name,
    countryCode: place.countryCode,
    // Two-letter codes read as names ("NY", "ZH"); longer ones ("ENG") only narrow a search.
    region: place.region !== null && /^[A-Z]{2}$/.test(place.region) ? place.region : null,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: place.timezone,
    population: place.population,
  };
}

/*
 * `language` is part of the signatures the routes call, but GeoNames' alternate names are not labelled by
 * language, so a place cannot be named "in" one: a place found by an alternate name keeps that name
 * ("Nueva York"), otherwise its usual name shows.
 */

/** Places whose English or Spanish (or other Latin-script) names start with or equal the query, best first. */
export function searchPlaces(query: string, _language: Language, limit: number): BirthPlace[] {
  return findPlaces(query, limit).map((match) => match.place);
}

/** The place the user picked from the suggestions. */
export function placeById(id: number, _language: Language): BirthPlace | undefined {
  const place = gazetteer().byId.get(id);
  return place && toBirthPlace(place, place.name);
}

/**
 * The best place for a typed name ("Nueva York", "London, CA", "Springfield, IL"); undefined when none. Only a
 * whole name counts: a fragment ("Lond") is not guessed into a city the user may not mean.
 */
export function resolvePlace(text: string, _language: Language): BirthPlace | undefined {
  const [best] = findPlaces(text, 1);
  return best?.exactName ? best.place : undefined;
}
