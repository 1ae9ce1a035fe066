import { type CareKind, READING_LENGTH, SUPPORT_CONTACTS } from "../../../contract/reading";
import type { Language } from "../morphology";
import { dreamHash } from "./dream-hash";
import { choosePractice } from "./practices";
import type { DreamAnalysis, EmotionKind } from "./types";

/**
 * The reading of a dream that touched something painful (see safety.ts): warm and calm, in the second
 * person. It says the dream is not a prediction, reads the central images only as parts of the dreamer's
 * inner life, offers one quiet practice and, when self-harm is present, the support lines of the four
 * countries. Nothing playful: no "joy", no "wish to end", no celebration, no game.
 */

export interface CareInput {
  analysis: DreamAnalysis;
  language: Language;
  premium: boolean;
  /** The central images as display names, most central first. */
  names: string[];
}

export interface CareReading {
  text: string;
  /** At most 400 characters; keeps the not-a-prediction line and, for self-harm, the support numbers. */
  short: string;
}

type FeelingNoun = { en: string; es: string };

/** Only the painful feelings are named back; a care reading never tells the dreamer what was joyful. */
const FEELINGS: Partial<Record<EmotionKind, FeelingNoun>> = {
  fear: { en: "fear", es: "el miedo" },
  anxiety: { en: "anxiety", es: "la ansiedad" },
  sadness: { en: "sadness", es: "la tristeza" },
  grief: { en: "grief", es: "el duelo" },
  anger: { en: "anger", es: "la rabia" },
  shame: { en: "shame", es: "la vergüenza" },
  guilt: { en: "guilt", es: "la culpa" },
  confusion: { en: "confusion", es: "la confusión" },
  disgust: { en: "disgust", es: "el asco" },
};

/** An image's name is left out when it would sound light beside something painful ("Party", «Juego»). */
const LIGHT_NAME =
  /joy|celebra|party|fiesta|play|juego|jug|game|fun\b|divert|diversi|laugh|risa|re[ií]r|gift|regalo|advent|aventura|rebirth|renac|alegr|happ|feliz|wish|deseo/i;

interface CarePhrases {
  /** [full opening, short opening]; one is chosen per dream. */
  openers: readonly (readonly [string, string])[];
  feeling: (nouns: string[]) => string;
  notPrediction: string;
  notPredictionShort: string;
  selfHarm: string;
  contact: (country: string, name: string, phone: string) => string;
  emergency: string;
  contactsShort: (numbers: string) => string;
  notToBlame: string;
  notToBlameShort: string;
  kinds: Record<Exclude<CareKind, "self_harm">, string>;
  images: (names: string[]) => string;
  imagesNone: string;
  practice: (name: string, description: string, instructions: string) => string;
  practiceShort: string;
  deeper: string;
  tellSomeone: string;
  closing: string;
  and: string;
}

const PHRASES: Record<Language, CarePhrases> = {
  en: {
    openers: [
      [
        "This dream held something painful. It makes sense if it is still with you now that you are awake, and there is no need to rush past what it left behind.",
        "This dream held something painful.",
      ],
      [
        "What you lived through in this dream was hard, even though it happened while you slept. Whatever it stirred in you deserves to be met gently.",
        "What you lived through in this dream was hard.",
      ],
      [
        "You carried something heavy through this dream. Before anything else, take one slow breath: you are awake now, and you can look at it at your own pace.",
        "You carried something heavy through this dream.",
      ],
    ],
    feeling: (nouns) =>
      nouns.length === 1
        ? `The ${nouns[0]} you felt in it is real and deserves your attention.`
        : `The ${nouns.join(" and ")} you felt in it are real and deserve your attention.`,
    notPrediction:
      "It is not a prediction: dreams do not say what will happen to you or to the people you love; they speak in images about what you feel and what you are carrying.",
    notPredictionShort: "It is not a prediction: it does not say what will happen.",
    selfHarm:
      "If this dream touches thoughts you also have when you are awake, of hurting yourself or of not wanting to go on living, please do not carry them alone. Talking to someone today can help, and free, confidential support is there for you:",
    contact: (country, name, phone) => `- ${country}: ${name}, call ${phone}`,
    emergency: "If you are in danger now, call your local emergency number.",
    contactsShort: (numbers) =>
      `If you think of hurting yourself, call ${numbers} or your local emergency number.`,
    notToBlame:
      "You are not to blame for what a dream shows you. If it echoes something that really happened, to you or to someone close to you, support is available and you deserve it: a person you trust, your doctor, or a support service for survivors where you live.",
    notToBlameShort: "You are not to blame for what a dream shows.",
    kinds: {
      sexual_violence:
        "A dream of being forced or assaulted can leave fear, anger or numbness in the body long after waking. You decide when, and whether, to look at it more closely.",
      child_harm:
        "Dreams in which a child is in danger are common, above all among people who love and look after children. They speak of how much you want to protect, not of what will happen.",
      hanging_strangling:
        "Images of the neck and of breath being held back often come when something feels hard to say, or when pressure has built up around you. They are images, not warnings.",
      pregnancy_loss:
        "A dream of losing a pregnancy can carry real grief or fear, whether or not you are expecting, and whether or not you have lived a loss like this. Such a dream does not say what will happen to a pregnancy, now or later. If it touches a loss you have lived, your grief deserves room and company.",
      death_of_living:
        "Seeing someone you love die in a dream is one of the most common and most frightening dreams there is. It does not mean they are in danger. It often comes when a bond matters a great deal, when you worry about someone, or when something in that bond is changing.",
    },
    images: (names) =>
      `When you want to, and only then, you can look at the images themselves. In the language of dreams, ${
        names.length === 1
          ? `an image such as “${names[0]}” can`
          : `images such as ${quotedList(names, "en")} can`
      } be read as parts of your own inner life: feelings, needs and bonds that are asking for your attention and care. You do not have to find their meaning today; it is enough to notice what you feel when you think of them.`,
    imagesNone:
      "When you want to, and only then, you can look at the dream's images. In the language of dreams, the people and places in it can be read as parts of your own inner life: feelings, needs and bonds that are asking for your attention and care. You do not have to find their meaning today.",
    practice: (name, description, instructions) =>
      `A calm practice for now: ${name}. ${description}\n${instructions}`,
    practiceShort: "Breathe slowly, and tell someone you trust.",
    deeper:
      "Later, when you feel steadier, you can come back to the dream with a few quiet questions, and stop at any point. Which moment felt strongest? Where in your body did you feel it? Is there something in your waking life that feels similar: a pressure, a worry, a bond you are afraid of losing? Ask what each image means to you personally before any book or dictionary does. When the same dream returns, writing down what changes from one night to the next often shows what it is working through.",
    tellSomeone: "Telling someone you trust about the dream can help if it stays with you.",
    closing: "Be gentle with yourself today.",
    and: "and",
  },
  es: {
    openers: [
      [
        "Este sueño trajo algo doloroso. Es comprensible que siga contigo ahora que despertaste, y no hace falta apresurarse con lo que dejó.",
        "Este sueño trajo algo doloroso.",
      ],
      [
        "Lo que viviste en este sueño fue duro, aunque ocurriera mientras dormías. Todo lo que haya removido en ti merece que lo trates con suavidad.",
        "Lo que viviste en este sueño fue duro.",
      ],
      [
        "Atravesaste algo pesado en este sueño. Antes que nada, respira despacio una vez: ya despertaste y puedes mirarlo a tu ritmo.",
        "Atravesaste algo pesado en este sueño.",
      ],
    ],
    feeling: (nouns) => {
      const [first = "", ...rest] = nouns;
      const subject = first.charAt(0).toUpperCase() + first.slice(1);
      return rest.length === 0
        ? `${subject} que sentiste en él es real y merece tu atención.`
        : `${subject} y ${rest.join(" y ")} que sentiste en él son reales y merecen tu atención.`;
    },
    notPrediction:
      "No es una predicción: los sueños no dicen lo que va a pasarte a ti ni a las personas que quieres; hablan en imágenes de lo que sientes y de lo que cargas.",
    notPredictionShort: "No es una predicción: no dice lo que va a pasar.",
    selfHarm:
      "Si este sueño toca pensamientos que también aparecen fuera del sueño, de hacerte daño o de no querer seguir viviendo, por favor no los cargues en soledad. Hablar hoy con alguien puede ayudar, y hay apoyo gratuito y confidencial para ti:",
    contact: (country, name, phone) => `- ${country}: ${name}, llama al ${phone}`,
    emergency: "Si estás en peligro ahora, llama al número de emergencias de tu país.",
    contactsShort: (numbers) =>
      `Si piensas en hacerte daño, llama al ${numbers} o al número de emergencias de tu país.`,
    notToBlame:
      "No tienes la culpa de lo que un sueño te muestra. Si refleja algo que pasó de verdad, a ti o a alguien cercano, hay apoyo disponible y lo mereces: una persona de confianza, tu médico o un servicio de atención a víctimas donde vives.",
    notToBlameShort: "No tienes la culpa de lo que un sueño muestra.",
    kinds: {
      sexual_violence:
        "Un sueño de agresión o de abuso puede dejar miedo, rabia o entumecimiento en el cuerpo mucho después de despertar. Tú decides cuándo, y si quieres, mirarlo más de cerca.",
      child_harm:
        "Los sueños en los que un niño o una niña corre peligro son frecuentes, sobre todo en quienes quieren y cuidan a niñas y niños. Hablan de cuánto deseas proteger, no de lo que va a pasar.",
      hanging_strangling:
        "Las imágenes del cuello y de la respiración contenida suelen aparecer cuando algo cuesta decirse o cuando la presión se ha acumulado a tu alrededor. Son imágenes, no advertencias.",
      pregnancy_loss:
        "Soñar con perder un embarazo puede traer un duelo o un miedo reales, estés o no esperando un bebé y hayas vivido o no una pérdida así. No dice nada sobre lo que pasará con un embarazo, ahora o más adelante. Si toca una pérdida que viviste, tu duelo merece espacio y compañía.",
      death_of_living:
        "Ver morir en un sueño a alguien que quieres es uno de los sueños más comunes y más angustiantes que existen. No significa que esa persona esté en peligro. Suele aparecer cuando un vínculo importa mucho, cuando te preocupa alguien o cuando algo en ese vínculo está cambiando.",
    },
    images: (names) =>
      `Cuando quieras, y solo entonces, puedes mirar las imágenes con calma. En el lenguaje de los sueños, ${
        names.length === 1
          ? `una imagen como «${names[0]}» puede`
          : `imágenes como ${quotedList(names, "es")} pueden`
      } leerse como partes de tu propia vida interior: sentimientos, necesidades y vínculos que piden tu atención y tu cuidado. No hace falta encontrar su sentido hoy; basta con notar qué sientes al pensar en ellas.`,
    imagesNone:
      "Cuando quieras, y solo entonces, puedes mirar las imágenes del sueño con calma. En el lenguaje de los sueños, las personas y los lugares que aparecen pueden leerse como partes de tu propia vida interior: sentimientos, necesidades y vínculos que piden tu atención y tu cuidado. No hace falta encontrar su sentido hoy.",
    practice: (name, description, instructions) =>
      `Una práctica tranquila para ahora: ${name}. ${description}\n${instructions}`,
    practiceShort: "Respira despacio y cuéntaselo a alguien de confianza.",
    deeper:
      "Más adelante, cuando te sientas con más calma, puedes volver al sueño con unas pocas preguntas tranquilas, y parar cuando quieras. ¿Qué momento se sintió más fuerte? ¿En qué parte del cuerpo lo notaste? ¿Hay algo en tu vida despierta que se parezca: una presión, una preocupación, un vínculo que temes perder? Pregúntate qué significa cada imagen para ti antes de que lo diga ningún libro ni diccionario. Si el mismo sueño vuelve, anotar qué cambia de una noche a otra suele mostrar lo que está elaborando.",
    tellSomeone: "Contarle el sueño a alguien de confianza puede ayudar si se queda contigo.",
    closing: "Trátate con suavidad hoy.",
    and: "y",
  },
};

/** “water”, “house” and “mother”; «agua», «casa» e «hija» (Spanish "y" becomes "e" before an /i/ sound). */
export function quotedList(names: readonly string[], language: Language): string {
  const [open, close] = language === "en" ? ["“", "”"] : ["«", "»"];
  const quoted = names.map((name) => `${open}${name}${close}`);
  const last = names[names.length - 1] ?? "";
  const and = language === "es" && /^h?[iíIÍ](?![aeoáéó])/.test(last) ? "e" : PHRASES[language].and;
  return quoted.length < 2 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} ${and} ${quoted.at(-1)}`;
}

export function painfulFeelings(analysis: DreamAnalysis, language: Language): string[] {
  return analysis.emotions.dominant
    .map((feeling) => FEELINGS[feeling.kind]?.[language])
    .filter((noun): noun is string => noun !== undefined)
    .filter((noun, index, all) => all.indexOf(noun) === index)
    .slice(0, 2);
}

/** The support lines of the four countries and the emergency line, one per line (the oracle's care reading too). */
export function supportContactLines(language: Language): string {
  const phrases = PHRASES[language];
  const contacts = SUPPORT_CONTACTS.map((contact) =>
    phrases.contact(contact.country[language], contact.name[language], contact.phone),
  );
  return [...contacts, phrases.emergency].join("\n");
}

export function emergencyLine(language: Language): string {
  return PHRASES[language].emergency;
}

function supportLines(phrases: CarePhrases, language: Language): string {
  return `${phrases.selfHarm}\n${supportContactLines(language)}`;
}

function shortNumbers(language: Language): string {
  const numbers = SUPPORT_CONTACTS.map((contact) => `${contact.phone} (${contact.country[language]})`);
  return `${numbers.slice(0, -1).join(", ")}, ${numbers.at(-1)}`;
}

interface Part {
  text: string;
  /** Parts with a lower weight are left out first when the reading is over its length. */
  weight: number;
}

const REQUIRED = Number.POSITIVE_INFINITY;

/** The parts in order, dropping the lightest until the whole fits in `max` characters. */
function fitWithin(parts: readonly Part[], separator: string, max: number): string {
  const kept = [...parts];
  const length = () =>
    kept.reduce((sum, part) => sum + part.text.length, 0) + separator.length * (kept.length - 1);
  while (length() > max) {
    const lightest = kept.reduce((low, part) => (part.weight < low.weight ? part : low));
    if (lightest.weight === REQUIRED) break;
    kept.splice(kept.indexOf(lightest), 1);
  }
  return kept.map((part) => part.text).join(separator);
}

export function composeCare({ analysis, language, premium, names }: CareInput): CareReading {
  const phrases = PHRASES[language];
  const kinds = new Set(analysis.safety.kinds);
  // The dream's hash picks the wording: the same dream always reads the same, two dreams seldom alike.
  const seed = dreamHash(analysis.text);
  const [opener, openerShort] = phrases.openers[seed % phrases.openers.length]!;
  const feelings = painfulFeelings(analysis, language);
  const images = names.filter((name) => !LIGHT_NAME.test(name));
  const blame = kinds.has("sexual_violence") || kinds.has("child_harm");
  const practice = choosePractice({
    themes: [],
    emotions: analysis.emotions,
    premium,
    care: true,
    language,
    seed,
  });

  const paragraphs: Part[] = [
    { text: feelings.length > 0 ? `${opener} ${phrases.feeling(feelings)}` : opener, weight: REQUIRED },
    { text: phrases.notPrediction, weight: REQUIRED },
  ];
  if (kinds.has("self_harm")) paragraphs.push({ text: supportLines(phrases, language), weight: REQUIRED });
  if (blame) paragraphs.push({ text: phrases.notToBlame, weight: REQUIRED });
  // With many kinds at once, the first two keep their paragraph longest; the practice outlasts the rest.
  analysis.safety.kinds
    .filter((kind) => kind !== "self_harm")
    .forEach((kind, index) => {
      paragraphs.push({
        text: phrases.kinds[kind as Exclude<CareKind, "self_harm">],
        weight: index < 2 ? 4 : 2,
      });
    });
  paragraphs.push({ text: images.length > 0 ? phrases.images(images) : phrases.imagesNone, weight: 1 });
  paragraphs.push({
    text: phrases.practice(practice.name, practice.description, practice.instructions),
    weight: 3,
  });
  if (premium) paragraphs.push({ text: phrases.deeper, weight: 0 });
  // The practice may already be telling someone you trust.
  const tells = practice.instructions.includes(language === "en" ? "trust" : "confianza");
  paragraphs.push({
    text: tells ? phrases.closing : `${phrases.tellSomeone} ${phrases.closing}`,
    weight: REQUIRED,
  });
  const max = premium ? READING_LENGTH.premium.max : READING_LENGTH.free.max;
  const text = fitWithin(paragraphs, "\n\n", max);

  const short = fitWithin(
    [
      { text: openerShort, weight: 1 },
      { text: phrases.notPredictionShort, weight: REQUIRED },
      ...(blame ? [{ text: phrases.notToBlameShort, weight: 2 }] : []),
      ...(kinds.has("self_harm")
        ? [{ text: phrases.contactsShort(shortNumbers(language)), weight: REQUIRED }]
        : []),
      { text: phrases.practiceShort, weight: 0 },
    ],
    " ",
    READING_LENGTH.short.max,
  );
  return { text, short };
}
