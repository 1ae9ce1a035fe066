import type { ZodiacSign } from "../../../contract/oracle";
import type { Language } from "../morphology";
import type { Pick } from "./pick";

/**
 * The twelve signs' traditional qualities (element and modality) and a trait each, in English and Spanish:
 * what the signs note offers as a lens on the challenge's theme. Never a prediction.
 */

type Element = "fire" | "earth" | "air" | "water";
type Modality = "cardinal" | "fixed" | "mutable";

interface SignQualities {
  element: Element;
  modality: Modality;
  /** The sign's name, and how it tends to meet things, as a phrase after "your Aries sun …". */
  en: { name: string; trait: string };
  es: { name: string; trait: string };
}

export const SIGNS: Record<ZodiacSign, SignQualities> = {
  aries: {
    element: "fire",
    modality: "cardinal",
    en: { name: "Aries", trait: "tends to meet things head-on" },
    es: { name: "Aries", trait: "tiende a afrontar las cosas de frente" },
  },
  taurus: {
    element: "earth",
    modality: "fixed",
    en: { name: "Taurus", trait: "finds steadiness in patience and the senses" },
    es: { name: "Tauro", trait: "encuentra estabilidad en la paciencia y los sentidos" },
  },
  gemini: {
    element: "air",
    modality: "mutable",
    en: { name: "Gemini", trait: "finds its way by naming things and talking them through" },
    es: { name: "Géminis", trait: "encuentra su camino poniendo nombre a las cosas y conversándolas" },
  },
  cancer: {
    element: "water",
    modality: "cardinal",
    en: { name: "Cancer", trait: "protects what it loves and needs a safe place to return to" },
    es: { name: "Cáncer", trait: "protege lo que quiere y necesita un refugio al que volver" },
  },
  leo: {
    element: "fire",
    modality: "fixed",
    en: { name: "Leo", trait: "wants to live wholeheartedly" },
    es: { name: "Leo", trait: "quiere vivir con el corazón por delante" },
  },
  virgo: {
    element: "earth",
    modality: "mutable",
    en: { name: "Virgo", trait: "looks for order in the details" },
    es: { name: "Virgo", trait: "busca orden en los detalles" },
  },
  libra: {
    element: "air",
    modality: "cardinal",
    en: { name: "Libra", trait: "looks for balance between people" },
    es: { name: "Libra", trait: "busca el equilibrio entre las personas" },
  },
  scorpio: {
    element: "water",
    modality: "fixed",
    en: { name: "Scorpio", trait: "goes to the depth of things" },
    es: { name: "Escorpio", trait: "va hasta el fondo de las cosas" },
  },
  sagittarius: {
    element: "fire",
    modality: "mutable",
    en: { name: "Sagittarius", trait: "looks for meaning and a wider horizon" },
    es: { name: "Sagitario", trait: "busca sentido y un horizonte más amplio" },
  },
  capricorn: {
    element: "earth",
    modality: "cardinal",
    en: { name: "Capricorn", trait: "builds slowly and takes responsibility" },
    es: { name: "Capricornio", trait: "construye despacio y asume responsabilidades" },
  },
  aquarius: {
    element: "air",
    modality: "fixed",
    en: { name: "Aquarius", trait: "needs room to think freely" },
    es: { name: "Acuario", trait: "necesita espacio para pensar con libertad" },
  },
  pisces: {
    element: "water",
    modality: "mutable",
    en: { name: "Pisces", trait: "feels deeply and blurs boundaries" },
    es: { name: "Piscis", trait: "siente con hondura y difumina los límites" },
  },
};

interface QualityWords {
  element: Record<Element, string>;
  modality: Record<Modality, string>;
  /** How the sun's element suggests meeting the theme: "through a small, brave action". */
  approach: Record<Element, string>;
  /** What the moon's element asks for: "give your feelings room". */
  need: Record<Element, string>;
  /** The modality as a verb of the approach: "to begin", «perseverar». */
  verb: Record<Modality, string>;
}

const WORDS: Record<Language, QualityWords> = {
  en: {
    element: { fire: "fire", earth: "earth", air: "air", water: "water" },
    modality: { cardinal: "cardinal", fixed: "fixed", mutable: "mutable" },
    approach: {
      fire: "through a small, brave action",
      earth: "through steady, concrete steps",
      air: "by putting it into words",
      water: "by letting yourself feel it first",
    },
    need: {
      fire: "keep some spark alive",
      earth: "look after your body and your routine",
      air: "talk it over with someone",
      water: "give your feelings room",
    },
    verb: { cardinal: "to begin", fixed: "to persist", mutable: "to adapt" },
  },
  es: {
    element: { fire: "fuego", earth: "tierra", air: "aire", water: "agua" },
    modality: { cardinal: "cardinal", fixed: "fijo", mutable: "mutable" },
    approach: {
      fire: "con una acción pequeña y valiente",
      earth: "con pasos concretos y constantes",
      air: "poniéndolo en palabras",
      water: "dejándote sentirlo primero",
    },
    need: {
      fire: "mantener viva alguna chispa",
      earth: "cuidar tu cuerpo y tu rutina",
      air: "hablarlo con alguien",
      water: "dar espacio a lo que sientes",
    },
    verb: { cardinal: "empezar", fixed: "perseverar", mutable: "adaptarte" },
  },
};

export interface Signs {
  sun: ZodiacSign | null;
  moon: ZodiacSign | null;
  ascendant: ZodiacSign | null;
}

/**
 * One sentence: the sun's element and modality (and the moon's and ascendant's when known) read against the
 * challenge's theme, framed as a lens for reflection. Null without a sun sign.
 */
export function signsNote(signs: Signs, theme: string, language: Language, pick: Pick): string | null {
  if (!signs.sun) return null;
  const words = WORDS[language];
  const sun = SIGNS[signs.sun];
  const moon = signs.moon ? SIGNS[signs.moon] : null;
  const rising = signs.ascendant ? SIGNS[signs.ascendant] : null;
  const parts = {
    sun: sun[language].name,
    qualities: `${words.element[sun.element]}, ${words.modality[sun.modality]}`,
    trait: sun[language].trait,
    approach: words.approach[sun.element],
    verb: words.verb[sun.modality],
    theme,
  };
  if (language === "en") {
    const moonPart = moon
      ? `, while your ${moon.en.name} moon (${words.element[moon.element]}) asks you to ${words.need[moon.element]}`
      : "";
    const risingPart = rising
      ? `, and your ${rising.en.name} ascendant colours how others see you do it`
      : "";
    const body = pick("signs", [
      `As a lens for reflection, not a forecast: your ${parts.sun} sun (${parts.qualities}) ${parts.trait}, which suggests meeting “${theme}” ${parts.approach}`,
      `Read as a mirror rather than a prediction, your ${parts.sun} sun (${parts.qualities}) ${parts.trait}, so “${theme}” may be easiest to approach ${parts.approach}`,
      `If you like to think with the signs as a lens, not a forecast, your ${parts.sun} sun (${parts.qualities}) ${parts.trait}: with “${theme}”, it invites you ${parts.verb} ${parts.approach}`,
      `Your ${parts.sun} sun (${parts.qualities}) ${parts.trait}, and as a lens, not a forecast, that points to meeting “${theme}” ${parts.approach}`,
    ]);
    return `${body}${moonPart}${risingPart}.`;
  }
  const moonPart = moon
    ? `, mientras tu luna en ${moon.es.name} (${words.element[moon.element]}) te pide ${words.need[moon.element]}`
    : "";
  const risingPart = rising ? `, y tu ascendente en ${rising.es.name} matiza cómo lo ven los demás` : "";
  const body = pick("signs", [
    `Como lente para reflexionar, no como pronóstico: tu sol en ${parts.sun} (${parts.qualities}) ${parts.trait}, lo que invita a afrontar «${theme}» ${parts.approach}`,
    `Leído como un espejo y no como una predicción, tu sol en ${parts.sun} (${parts.qualities}) ${parts.trait}, así que «${theme}» quizá se aborde mejor ${parts.approach}`,
    `Si te gusta pensar con los signos como lente, no como pronóstico, tu sol en ${parts.sun} (${parts.qualities}) ${parts.trait}: ante «${theme}», te invita a ${parts.verb} ${parts.approach}`,
    `Tu sol en ${parts.sun} (${parts.qualities}) ${parts.trait}, y como lente, no como pronóstico, eso sugiere afrontar «${theme}» ${parts.approach}`,
  ]);
  return `${body}${moonPart}${risingPart}.`;
}
