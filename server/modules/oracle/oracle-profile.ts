import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  type BirthPlace,
  DEFAULT_PRACTICE_MINUTES,
  EARLIEST_BIRTH_DATE,
  type experienceLevels,
  natalChartSchema,
  type OracleProfile,
  type PlaceSearchResponse,
  type practiceFrequencies,
  type practiceTimes,
  type UpdateOracleProfileBody,
  zodiacSignSchema,
} from "../../../contract/oracle";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { oracleProfiles, users } from "../../db/schema/index";
import {
  computeNatalChart,
  type NatalResult,
  placeById,
  resolvePlace,
  searchPlaces,
} from "../../engine/astro/index";
import { validationError } from "../../lib/errors";
import type { Language } from "../../lib/i18n";
import { localDay } from "../../lib/local-day";
import type { SessionUser } from "../accounts/sessions";

/**
 * The oracle profile (spec section 2): birth data on `users` as the spec lists it, the resolved gazetteer place
 * and the practice preferences in `oracle_profiles`. Natal signs are computed here, offline, when the birth data
 * changes; `natalChartApiCalls` is never touched (no paid API is called).
 */

/** What `users.natalChartData` holds: the signs and the chart they were read from. */
const storedNatalSchema = z.object({
  sunSign: zodiacSignSchema,
  moonSign: zodiacSignSchema,
  ascendantSign: zodiacSignSchema.nullable(),
  chart: natalChartSchema,
});

type ProfileRow = typeof oracleProfiles.$inferSelect;
type BirthColumns = Pick<
  typeof users.$inferSelect,
  "birthDate" | "birthTime" | "birthLocation" | "natalChartData"
>;

const defaults = {
  dailyPracticeMinutes: DEFAULT_PRACTICE_MINUTES,
  preferredPracticeTime: "flexible",
  practiceFrequency: "daily",
  experienceLevel: "beginner",
} as const;

export function findBirthPlaces(query: string, language: Language, limit: number): PlaceSearchResponse {
  return { places: searchPlaces(query, language, limit) };
}

function storedPlace(row: ProfileRow | undefined): BirthPlace | null {
  if (
    !row ||
    row.birthPlaceId === null ||
    row.birthLatitude === null ||
    row.birthLongitude === null ||
    row.birthTimezone === null
  )
    return null;
  return {
    id: row.birthPlaceId,
    // The name as resolved when the profile was saved ("Nueva York" stays as the user chose it).
    name: row.birthPlaceName ?? "",
    countryCode: row.birthCountryCode ?? "",
    region: row.birthRegion,
    latitude: row.birthLatitude,
    longitude: row.birthLongitude,
    timezone: row.birthTimezone,
    population: placeById(row.birthPlaceId, "en")?.population ?? 0,
  };
}

function present(birth: BirthColumns, row: ProfileRow | undefined): OracleProfile {
  const natal = storedNatalSchema.safeParse(birth.natalChartData);
  const birthPlace = storedPlace(row);
  return {
    complete: birth.birthDate !== null && birthPlace !== null,
    birthDate: birth.birthDate,
    birthTime: birth.birthTime,
    birthLocation: birth.birthLocation,
    birthPlace,
    sunSign: natal.success ? natal.data.sunSign : null,
    moonSign: natal.success ? natal.data.moonSign : null,
    ascendantSign: natal.success ? natal.data.ascendantSign : null,
    natal: natal.success ? natal.data.chart : null,
    dailyPracticeMinutes: row?.dailyPracticeMinutes ?? defaults.dailyPracticeMinutes,
    preferredPracticeTime: (row?.preferredPracticeTime ??
      defaults.preferredPracticeTime) as (typeof practiceTimes)[number],
    practiceFrequency: (row?.practiceFrequency ??
      defaults.practiceFrequency) as (typeof practiceFrequencies)[number],
    experienceLevel: (row?.experienceLevel ?? defaults.experienceLevel) as (typeof experienceLevels)[number],
    currentChallenges: row?.currentChallenges ?? null,
    spiritualGoals: row?.spiritualGoals ?? null,
  };
}

async function loadRows(db: Queryable, userId: number) {
  const [[birth], [row]] = await Promise.all([
    db
      .select({
        birthDate: users.birthDate,
        birthTime: users.birthTime,
        birthLocation: users.birthLocation,
        natalChartData: users.natalChartData,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db.select().from(oracleProfiles).where(eq(oracleProfiles.userId, userId)),
  ]);
  return { birth: birth!, row };
}

/** The profile as saved; without one, complete:false with the practice defaults. */
export async function loadOracleProfile(db: Queryable, userId: number): Promise<OracleProfile> {
  const { birth, row } = await loadRows(db, userId);
  return present(birth, row);
}

/** The gazetteer place the user picked, or the best one for what they typed; 422 on birthLocation otherwise. */
function resolveBirthPlace(body: UpdateOracleProfileBody, language: Language): BirthPlace {
  const picked = body.birthPlaceId;
  // A picked suggestion keeps the name it was found by ("Londres"), which the typed text still finds.
  const place =
    picked !== undefined
      ? (searchPlaces(body.birthLocation, language, 20).find((found) => found.id === picked) ??
        placeById(picked, language))
      : resolvePlace(body.birthLocation, language);
  if (!place) throw validationError("validation.unknownPlace", "birthLocation");
  return place;
}

function assertBirthDate(birthDate: string, user: Pick<SessionUser, "timezone">, now: Date): void {
  if (birthDate < EARLIEST_BIRTH_DATE || birthDate > localDay(now, user.timezone))
    throw validationError("validation.birthDateRange", "birthDate");
}

/** Text fields: absent keeps what is saved, null or blank clears. */
const optionalText = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * Saves the profile. The natal signs are computed again only when the birth date, time or place changed, so
 * editing the practice preferences never recomputes them.
 */
export async function updateOracleProfile(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id" | "timezone">,
  body: UpdateOracleProfileBody,
  language: Language,
): Promise<OracleProfile> {
  const now = ctx.clock.now();
  assertBirthDate(body.birthDate, user, now);
  const place = resolveBirthPlace(body, language);
  const birthTime = body.birthTime ?? null;
  const saved = await loadRows(ctx.db, user.id);
  const sameBirth =
    saved.birth.birthDate === body.birthDate &&
    saved.birth.birthTime === birthTime &&
    saved.row?.birthLatitude === place.latitude &&
    saved.row?.birthLongitude === place.longitude &&
    saved.row?.birthTimezone === place.timezone &&
    storedNatalSchema.safeParse(saved.birth.natalChartData).success;
  const natal: NatalResult | undefined = sameBirth
    ? undefined
    : computeNatalChart({ birthDate: body.birthDate, birthTime, place });

  const preferences = {
    birthPlaceId: place.id,
    birthPlaceName: place.name,
    birthCountryCode: place.countryCode,
    birthRegion: place.region,
    birthLatitude: place.latitude,
    birthLongitude: place.longitude,
    birthTimezone: place.timezone,
    dailyPracticeMinutes: body.dailyPracticeMinutes,
    preferredPracticeTime: body.preferredPracticeTime,
    practiceFrequency: body.practiceFrequency,
    experienceLevel: body.experienceLevel,
    currentChallenges: optionalText(body.currentChallenges),
    spiritualGoals: optionalText(body.spiritualGoals),
    updatedAt: now,
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        birthDate: body.birthDate,
        birthTime,
        birthLocation: body.birthLocation,
        ...(natal ? { natalChartData: natal, natalChartCalculatedAt: now } : {}),
      })
      .where(eq(users.id, user.id));
    await tx
      .insert(oracleProfiles)
      .values({ userId: user.id, createdAt: now, ...preferences })
      .onConflictDoUpdate({ target: oracleProfiles.userId, set: preferences });
  });
  return loadOracleProfile(ctx.db, user.id);
}
