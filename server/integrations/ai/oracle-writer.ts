import type { LexiconData } from "../../engine/lexicon/schema";
import type { Language } from "../../engine/morphology";
import { checkModelReading, foldText } from "../../engine/reading/check-model-reading";
import { type ChatWriterConfig, completeChat, lengthInstruction, wordsGiven } from "./chat-completion";
import { unrecognisedImageNames } from "./lexicon-images";

/**
 * Phrases the oracle composer's message through the same chat endpoint and checks as a dream reading. The
 * model gets the message's paragraphs, the themes' and the practice's names, the symbols the composer named
 * and the challenge (sent as a dream reading sends the dream) — never birth data, signs, dream text or the
 * journal. Its answer must keep the reading's language, a length near the composer's, no other image, no
 * prediction or diagnosis, and the practice's name (the plan and the exercise card still say it); otherwise,
 * or on any failure, null, and the composer's message stands.
 */

export interface ConsultationProseRequest {
  language: Language;
  /** The challenge as the user wrote it. */
  challenge: string;
  /** The composer's paragraphs: what the model rephrases. */
  message: readonly string[];
  /** Names of the themes the composer read the challenge with. */
  themes: readonly string[];
  /** The practice's name. */
  exercise: string;
  /** The symbols the composer named: the only images the answer may name. */
  symbols: ReadonlyArray<{ key: string; name: string }>;
  /** The lexicon the challenge was matched with: the images the answer must not bring in. */
  lexicon: LexiconData;
}

const SYSTEM_PROMPT: Record<Language, string> = {
  en: "You are the voice of a reflective oracle that reads a person's waking-life challenge in the Universal Language of the Mind. The user message is a JSON brief: the challenge in the person's own words, the message already written about it, its themes, symbols and practice, and instructions. Rephrase the message as the instructions say and answer with the message only.",
  es: "Eres la voz de un oráculo reflexivo que lee un desafío de la vida despierta de una persona en el Lenguaje Universal de la Mente. El mensaje del usuario es un resumen en JSON: el desafío con las palabras de la persona, el mensaje ya escrito sobre él, sus temas, símbolos y práctica, e instrucciones. Reformula el mensaje como dicen las instrucciones y responde solo con el mensaje.",
};

const INSTRUCTIONS: Record<Language, readonly string[]> = {
  en: [
    'Write in English, to the reader as "you", warm and grounded.',
    "Rephrase the message in your own words, paragraph by paragraph, keeping its meaning and order: what the reader is living and feeling, the themes as a lens with their question, then the practice and why it helps.",
    'Name the practice exactly as in "exercise", with the minutes and days the message gives; change nothing about it.',
    'Name only the symbols in "symbols"; bring in no other animal, person, place or object.',
    "Make no prediction and claim no certainty about the future; make no medical, psychological or diagnostic statement; do not mention medication. Keep the message's note that this is a way of looking, not a prediction.",
  ],
  es: [
    'Escribe en español, hablándole a la persona lectora de "tú", con calidez y serenidad. Usa un lenguaje neutro en género para la persona lectora.',
    "Reformula el mensaje con tus propias palabras, párrafo por párrafo, manteniendo su sentido y su orden: lo que la persona vive y siente, los temas como lente con su pregunta, y después la práctica y por qué ayuda.",
    'Nombra la práctica exactamente como en "exercise", con los minutos y los días que da el mensaje; no cambies nada de ella.',
    'Nombra solo los símbolos de "symbols"; no añadas ningún otro animal, persona, lugar ni objeto.',
    "No hagas ninguna predicción ni afirmes certezas sobre el futuro, ni afirmaciones médicas, psicológicas o diagnósticas; no menciones medicamentos. Conserva la nota del mensaje de que esto es una forma de mirar, no una predicción.",
  ],
};

const PARAGRAPHS: Record<Language, (count: number) => string> = {
  en: (count) =>
    `Plain text in ${count} paragraphs separated by a blank line: no headings, lists, bold, markdown or HTML.`,
  es: (count) =>
    `Solo texto, en ${count} párrafos separados por una línea en blanco: sin títulos, listas, negritas, markdown ni HTML.`,
};

// A rephrasing neither cuts the message to a line nor doubles it.
const SHORTEST_SHARE = 0.6;
const LONGEST_SHARE = 1.5;
const PARAGRAPH_BREAK = "\n\n";

function bandFor(message: readonly string[]): { min: number; max: number } {
  const length = message.join(PARAGRAPH_BREAK).length;
  return { min: Math.round(length * SHORTEST_SHARE), max: Math.round(length * LONGEST_SHARE) };
}

export async function phraseConsultation(
  config: ChatWriterConfig,
  fetchImpl: typeof fetch,
  request: ConsultationProseRequest,
): Promise<string[] | null> {
  const { language, message } = request;
  const brief = {
    language,
    challenge: request.challenge,
    message,
    themes: request.themes,
    exercise: request.exercise,
    symbols: request.symbols.map((symbol) => symbol.name),
  };
  const band = bandFor(message);
  const answer = await completeChat(config, fetchImpl, {
    system: SYSTEM_PROMPT[language],
    user: JSON.stringify({
      ...brief,
      band,
      instructions: [
        ...INSTRUCTIONS[language],
        PARAGRAPHS[language](message.length),
        lengthInstruction(language, band),
      ],
    }),
    band,
  });
  if (answer === null) return null;
  const check = checkModelReading(answer, {
    language,
    band,
    allowedNames: brief.symbols,
    otherLexiconNames: unrecognisedImageNames(
      request.lexicon,
      new Set(request.symbols.map((symbol) => symbol.key)),
      language,
    ),
    // The challenge's own words, like a dream's, invent nothing when repeated.
    sourceText: wordsGiven(brief).join("\n"),
  });
  const paragraphs = answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  // One paragraph split in two still reads as the message; more is a list in disguise.
  const shaped = paragraphs.length <= message.length + 1;
  return check.ok && shaped && foldText(answer).includes(foldText(request.exercise)) ? paragraphs : null;
}
