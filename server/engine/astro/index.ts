/**
 * Natal signs computed offline (decisions.md "Oracle"): an offline gazetteer for the birth place, the zone's
 * historical offset (local mean time from the longitude before standard time), and astronomy-engine for the
 * sun, moon and ascendant. Pure: no network, no database.
 */
export { loadPlaces, placeById, resolvePlace, searchPlaces } from "./gazetteer";
export { birthInstant } from "./local-time";
export { computeNatalChart, type NatalResult, signOf } from "./natal";
