import type { BirthPlace, NatalChart, ZodiacSign } from "../../../contract/oracle";

export interface NatalResult {
  sunSign: ZodiacSign;
  moonSign: ZodiacSign;
  /** null without a birth time. */
  ascendantSign: ZodiacSign | null;
  chart: NatalChart;
}

export function signOf(longitude: number): ZodiacSign {
  throw new Error(`not built yet: ${longitude}`);
}

/** Sun, moon and ascendant at birth; without a time, noon local for the sun and both moon signs of the day. */
export function computeNatalChart(input: {
  birthDate: string;
  birthTime: string | null;
  place: Pick<BirthPlace, "latitude" | "longitude" | "timezone">;
}): NatalResult {
  throw new Error(`not built yet: ${JSON.stringify(input)}`);
}
