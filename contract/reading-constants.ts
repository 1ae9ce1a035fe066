/** The reading's constants, free of zod so the web bundle can import them (see billing-constants.ts). */

/** Sensitive content that switches the reading to its care template. */
export const CARE_KINDS = [
  "self_harm",
  "sexual_violence",
  "child_harm",
  "hanging_strangling",
  "pregnancy_loss",
  "death_of_living",
] as const;
export type CareKind = (typeof CARE_KINDS)[number];

export const EMOTION_KINDS = [
  "fear",
  "anxiety",
  "sadness",
  "grief",
  "anger",
  "shame",
  "guilt",
  "confusion",
  "disgust",
  "surprise",
  "joy",
  "love",
  "calm",
  "awe",
] as const;
export type EmotionKind = (typeof EMOTION_KINDS)[number];

/** Length bands of a reading, in characters (issue 14). */
export const READING_LENGTH = {
  free: { min: 800, max: 2500 },
  premium: { min: 800, max: 5000 },
  short: { min: 1, max: 400 },
} as const;

/** How many symbols the prose treats as the ones that carry the dream. */
export const CENTRAL_SYMBOLS = { min: 3, max: 5 } as const;

/**
 * Free, confidential support lines shown with a reading that touches self-harm, in the reading's language.
 * Checked 2026-11: US 988 Suicide & Crisis Lifeline; Spain 024 (Línea de atención a la conducta suicida);
 * Mexico Línea de la Vida; Argentina Centro de Asistencia al Suicida.
 */
export const SUPPORT_CONTACTS = [
  {
    country: { en: "United States", es: "Estados Unidos" },
    name: { en: "988 Suicide & Crisis Lifeline", es: "988 Suicide & Crisis Lifeline" },
    phone: "988",
  },
  {
    country: { en: "Spain", es: "España" },
    name: { en: "Suicidal behaviour helpline", es: "Línea de atención a la conducta suicida" },
    phone: "024",
  },
  {
    country: { en: "Mexico", es: "México" },
    name: { en: "Línea de la Vida", es: "Línea de la Vida" },
    phone: "800 911 2000",
  },
  {
    country: { en: "Argentina", es: "Argentina" },
    name: { en: "Suicide Assistance Centre", es: "Centro de Asistencia al Suicida" },
    phone: "135",
  },
] as const;
