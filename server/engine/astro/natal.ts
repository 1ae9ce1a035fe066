import {
  type AstroTime,
  EclipticGeoMoon,
  e_tilt,
  MakeTime,
  SiderealTime,
  SunPosition,
} from "astronomy-engine";
import {
  type BirthPlace,
  CUSP_DEGREES,
  type NatalChart,
  type natalBodies,
  type ZodiacSign,
  zodiacSigns,
} from "../../../contract/oracle";
import { addDays } from "../../lib/local-day";
import { birthInstant } from "./local-time";

export interface NatalResult {
  sunSign: ZodiacSign;
  moonSign: ZodiacSign;
  /** null without a birth time. */
  ascendantSign: ZodiacSign | null;
  chart: NatalChart;
}

const SIGN_DEGREES = 30;
const RADIANS = Math.PI / 180;
/** Local noon stands for an unknown birth time: the sun is then at most half a degree from where it was. */
const UNKNOWN_TIME = "12:00";

const normalizeDegrees = (degrees: number) => ((degrees % 360) + 360) % 360;

export function signOf(longitude: number): ZodiacSign {
  return zodiacSigns[Math.floor(normalizeDegrees(longitude) / SIGN_DEGREES)]!;
}

/** Geocentric apparent longitudes on the true ecliptic and equinox of date: the tropical zodiac. */
const sunLongitudeAt = (time: AstroTime) => SunPosition(time).elon;
const moonLongitudeAt = (time: AstroTime) => EclipticGeoMoon(time).lon;

/**
 * The ecliptic degree rising on the eastern horizon: from the right ascension of the meridian (apparent
 * sidereal time plus the east longitude), the true obliquity of the ecliptic and the geographic latitude.
 */
function ascendantLongitudeAt(time: AstroTime, latitude: number, longitude: number): number {
  const meridian = (SiderealTime(time) * 15 + longitude) * RADIANS;
  const obliquity = e_tilt(time).tobl * RADIANS;
  const rising = Math.atan2(
    Math.cos(meridian),
    -(Math.sin(meridian) * Math.cos(obliquity) + Math.tan(latitude * RADIANS) * Math.sin(obliquity)),
  );
  return normalizeDegrees(rising / RADIANS);
}

type Cusp = NatalChart["cusps"][number];

/** The body's distance to the nearer edge of its sign and the sign beyond it, when within CUSP_DEGREES. */
function cuspOf(body: (typeof natalBodies)[number], longitude: number): Cusp | undefined {
  const position = normalizeDegrees(longitude);
  const sign = Math.floor(position / SIGN_DEGREES);
  const intoSign = position - sign * SIGN_DEGREES;
  const [neighbour, degrees] =
    intoSign < SIGN_DEGREES / 2 ? [sign + 11, intoSign] : [sign + 1, SIGN_DEGREES - intoSign];
  if (degrees >= CUSP_DEGREES) return undefined;
  return { body, neighbour: zodiacSigns[neighbour % 12]!, degrees: Math.round(degrees * 100) / 100 };
}

/** Sun, moon and ascendant at birth; without a time, noon local for the sun and both moon signs of the day. */
export function computeNatalChart(input: {
  birthDate: string;
  birthTime: string | null;
  place: Pick<BirthPlace, "latitude" | "longitude" | "timezone">;
}): NatalResult {
  const { birthDate, birthTime, place } = input;
  const instantAt = (date: string, time: string) =>
    birthInstant({ date, time, timezone: place.timezone, longitude: place.longitude });
  const birth = instantAt(birthDate, birthTime ?? UNKNOWN_TIME);
  const time = MakeTime(birth.instant);
  const sunLongitude = sunLongitudeAt(time);
  const moonLongitude = moonLongitudeAt(time);
  const ascendantLongitude =
    birthTime === null ? null : ascendantLongitudeAt(time, place.latitude, place.longitude);

  // The moon moves about 13 degrees a day, so it is in one sign or, for part of the day, the next one.
  const moonSignsThatDay =
    birthTime === null
      ? [
          ...new Set(
            [instantAt(birthDate, "00:00"), instantAt(addDays(birthDate, 1), "00:00")].map(({ instant }) =>
              signOf(moonLongitudeAt(MakeTime(instant))),
            ),
          ),
        ]
      : [signOf(moonLongitude)];

  // Without a time the moon's noon degree says nothing about a cusp: moonSignsThatDay carries what is known.
  const cusps = [
    cuspOf("sun", sunLongitude),
    birthTime === null ? undefined : cuspOf("moon", moonLongitude),
    ascendantLongitude === null ? undefined : cuspOf("ascendant", ascendantLongitude),
  ].filter((cusp): cusp is Cusp => cusp !== undefined);

  return {
    sunSign: signOf(sunLongitude),
    moonSign: signOf(moonLongitude),
    ascendantSign: ascendantLongitude === null ? null : signOf(ascendantLongitude),
    chart: {
      sunLongitude,
      moonLongitude,
      ascendantLongitude,
      birthInstant: birth.instant.toISOString(),
      utcOffsetMinutes: birth.utcOffsetMinutes,
      localMeanTime: birth.localMeanTime,
      moonUncertain: moonSignsThatDay.length > 1,
      moonSignsThatDay,
      cusps,
    },
  };
}
