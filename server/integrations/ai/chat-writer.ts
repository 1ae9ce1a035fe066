import type { DreamCategory } from "../../../contract/constants";
import { READING_LENGTH } from "../../../contract/reading";
import type { LexiconData, SymbolEntry } from "../../engine/lexicon/schema";
import type { SymbolMatch } from "../../engine/matcher";
import type { Language } from "../../engine/morphology";
import { checkModelReading } from "../../engine/reading/check-model-reading";
import type { DreamAnalysis, DreamerHistory } from "../../engine/reading/types";
import { type ChatWriterConfig, completeChat, lengthInstruction, wordsGiven } from "./chat-completion";
import { unrecognisedImageNames } from "./lexicon-images";
import { type ConsultationProseRequest, phraseConsultation } from "./oracle-writer";

/**
 * Writes a dream's reading through an OpenAI-compatible chat endpoint (Ollama, vLLM, llama.cpp server or a
 * hosted one). The model gets the analysis the composer works from, as a JSON brief, and its answer is
 * checked (language, length, only recognised symbols, no prediction or diagnosis) before it is used. Any
 * failure, a slow or cut-off answer, a failed check, or a dream that needs the care template returns null,
 * and the caller keeps the composer's reading. Nothing of the dream is logged. The same writer phrases the
 * oracle's message (oracle-writer.ts).
 */

export interface ProseRequest {
  /** The dream read by the engine; its language is the reading's. */
  analysis: DreamAnalysis;
  /** The lexicon the dream was matched with: meanings, theme names, and the names the model must not invent. */
  lexicon: LexiconData;
  /** Symbol key -> display name in the dreamer's own words or region ("camarera"); the lexicon's otherwise. */
  names?: Readonly<Record<string, string>>;
  history: DreamerHistory | null;
  category: DreamCategory | null;
  premium: boolean;
  ultraSimplified: boolean;
}

export interface ProseWriter {
  write(request: ProseRequest): Promise<string | null>;
  /** The oracle message's paragraphs in the model's words, checked; null keeps the composer's. */
  phraseConsultation(request: ConsultationProseRequest): Promise<string[] | null>;
}

/** The characters a reading must fit in: the short version, premium or free. */
export function proseBand(request: Pick<ProseRequest, "premium" | "ultraSimplified">): {
  min: number;
  max: number;
} {
  if (request.ultraSimplified) return READING_LENGTH.short;
  return request.premium ? READING_LENGTH.premium : READING_LENGTH.free;
}

const SYSTEM_PROMPT: Record<Language, string> = {
  en: "You write dream readings in the Universal Language of the Mind, where every element of a dream is an aspect of the person who dreamt it. The user message is a JSON brief: the dream, its central symbols with their meanings and roles, its feelings, themes and the reader's own history, and instructions. Follow the instructions exactly and answer with the reading only.",
  es: "Escribes lecturas de sueños en el Lenguaje Universal de la Mente, donde cada elemento de un sueño es un aspecto de la persona que lo soñó. El mensaje del usuario es un resumen en JSON: el sueño, sus símbolos centrales con sus significados y papeles, sus sentimientos, temas y la historia propia de la persona lectora, e instrucciones. Sigue las instrucciones al pie de la letra y responde solo con la lectura.",
};

const INSTRUCTIONS: Record<Language, readonly string[]> = {
  en: [
    'Write in English, to the reader as "you", warm and grounded. Never say "the dreamer".',
    "Open by retelling the dream's movement in its own order and words, then say what the central symbols mean together, then give soul guidance, and end with exactly one simple practice.",
    "Name only the symbols in central and otherSymbols, by the names given; bring in no other animal, person, place or object.",
    "Follow each role: target means it was done to the reader (being eaten is not eating); witness means the reader saw it happen; own means the reader's real one (a real pet stays a real pet); waking says whether it is alive or dead in waking life; harmed means it came to harm in the dream. Sentences in wakingRemarks comment on the dream from waking life.",
    "Let the feelings set the tone; in a nightmare, acknowledge the fear before any meaning.",
    "A personal meaning comes before the lexicon's; name recurring images with their counts; mention a similar past dream when there is one.",
    "Make no prediction about the future and no medical, psychological or diagnostic statement; do not mention medication.",
    "The practice uses only the reader's breath, a hand on the heart, a notebook and a pen, or a quiet moment in bed.",
    "Plain paragraphs only: no headings, lists, bold, markdown or HTML.",
  ],
  es: [
    'Escribe en español, hablándole a la persona lectora de "tú", con calidez y serenidad. Nunca digas "el soñante" ni "quien sueña". Usa un lenguaje neutro en género para la persona lectora.',
    "Empieza contando el movimiento del sueño en su propio orden y con sus palabras, luego di qué significan juntos los símbolos centrales, después da una guía del alma y termina con una sola práctica sencilla.",
    "Nombra solo los símbolos de central y otherSymbols, con los nombres dados; no añadas ningún otro animal, persona, lugar ni objeto.",
    "Respeta cada papel: target significa que se lo hicieron a la persona lectora (ser devorada no es comer); witness, que lo vio pasar; own, que es el suyo de verdad (una mascota real sigue siendo una mascota real); waking dice si vive o murió en la vida despierta; harmed, que sufrió daño en el sueño. Las frases de wakingRemarks comentan el sueño desde la vigilia.",
    "Deja que los sentimientos marquen el tono; en una pesadilla, reconoce el miedo antes de cualquier significado.",
    "Un significado personal va antes que el del léxico; nombra las imágenes recurrentes con sus cifras; menciona un sueño pasado parecido si lo hay.",
    "No hagas ninguna predicción sobre el futuro ni afirmaciones médicas, psicológicas o diagnósticas; no menciones medicamentos.",
    "La práctica usa solo la respiración, una mano en el corazón, un cuaderno y un bolígrafo, o un momento tranquilo en la cama.",
    "Solo párrafos de texto: sin títulos, listas, negritas, markdown ni HTML.",
  ],
};

const RECURRING: Record<Language, (name: string, count: number, recent: number) => string> = {
  en: (name, count, recent) => `${name}: ${count} of your last ${recent} dreams`,
  es: (name, count, recent) => `${name}: ${count} de tus últimos ${recent} sueños`,
};

interface LexiconIndex {
  symbols: Map<string, SymbolEntry>;
  themeNames: Record<Language, Map<string, string>>;
}

// A lexicon is loaded once and read by many requests: index it once.
const indexes = new WeakMap<LexiconData, LexiconIndex>();

function indexOf(lexicon: LexiconData): LexiconIndex {
  let index = indexes.get(lexicon);
  if (!index) {
    index = {
      symbols: new Map(lexicon.symbols.map((entry) => [entry.key, entry])),
      themeNames: {
        en: new Map(lexicon.themes.map((theme) => [theme.key, theme.en.name])),
        es: new Map(lexicon.themes.map((theme) => [theme.key, theme.es.name])),
      },
    };
    indexes.set(lexicon, index);
  }
  return index;
}

const MAX_EVIDENCE_WORDS = 3;
// Two appearances make an image recurring; one is just the last dream.
const RECURRING_MIN = 2;

interface BriefScope {
  request: ProseRequest;
  index: LexiconIndex;
  language: Language;
  byKey: Map<string, SymbolMatch>;
  nameOf(match: SymbolMatch): string;
}

/** A central symbol: what it means, the dream's words for it, and where the dreamer stands towards it. */
function centralSymbol(scope: BriefScope, match: SymbolMatch) {
  const side = scope.index.symbols.get(match.key)?.[scope.language];
  const role = scope.request.analysis.roles.roles.get(match.key);
  return {
    name: scope.nameOf(match),
    meaning: side?.description ?? "",
    ...(scope.request.premium && side ? { insight: side.deeperInsight } : {}),
    words: [...new Set(match.evidence.map((evidence) => evidence.text))].slice(0, MAX_EVIDENCE_WORDS),
    ...(match.details ? { who: match.details } : {}),
    ...(role
      ? {
          role: role.role,
          clause: role.clause.text,
          ...(role.own ? { own: true } : {}),
          ...(role.givenName ? { givenName: role.givenName } : {}),
          ...(role.waking ? { waking: role.waking } : {}),
          ...(role.harmed ? { harmed: true } : {}),
          ...(role.onlyInWakingRemark ? { onlyInWakingRemark: true } : {}),
        }
      : {}),
  };
}

/** What the journal says about this dream's images: recurring ones, personal meanings, a similar dream. */
function pastDreams(scope: BriefScope, history: DreamerHistory) {
  const matches = scope.request.analysis.matches;
  const similar = history.similarDream;
  return {
    dreamsBefore: history.dreamCount,
    recurringImages: matches.flatMap((match) => {
      const count = history.recentSymbolCounts[match.key] ?? 0;
      return count >= RECURRING_MIN
        ? [RECURRING[scope.language](scope.nameOf(match), count, history.recentCount)]
        : [];
    }),
    personalMeanings: Object.fromEntries(
      matches.flatMap((match) => {
        const meaning = history.personalMeanings[match.key];
        return meaning ? [[scope.nameOf(match), meaning]] : [];
      }),
    ),
    ...(similar
      ? {
          similarDream: {
            title: similar.title,
            date: similar.createdAt.slice(0, 10),
            shared: similar.sharedKeys.flatMap((key) => {
              const match = scope.byKey.get(key);
              return match ? [scope.nameOf(match)] : [];
            }),
          },
        }
      : {}),
  };
}

/** The brief the model reads, without its instructions. */
function dreamBrief(scope: BriefScope) {
  const { analysis, history } = scope.request;
  const central = new Set(analysis.salience.central);
  return {
    language: scope.language,
    dream: analysis.text,
    category: scope.request.category,
    central: analysis.salience.central.flatMap((key) => {
      const match = scope.byKey.get(key);
      return match ? [centralSymbol(scope, match)] : [];
    }),
    otherSymbols: analysis.matches.filter((match) => !central.has(match.key)).map(scope.nameOf),
    feelings: analysis.emotions.dominant.map((feeling) => ({
      kind: feeling.kind,
      intensity: feeling.intensity,
      words: feeling.evidence.map((evidence) => evidence.text),
    })),
    nightmare: analysis.emotions.nightmare,
    ending: analysis.emotions.ending,
    themes: analysis.themes.flatMap((key) => scope.index.themeNames[scope.language].get(key) ?? []),
    wakingRemarks: analysis.roles.wakingRemarks.map((span) => span.text),
    saysRecurring: analysis.roles.saysRecurring,
    history: history ? pastDreams(scope, history) : null,
  };
}

export function createChatWriter(config: ChatWriterConfig, fetchImpl: typeof fetch = fetch): ProseWriter {
  return {
    async write(request) {
      const { analysis } = request;
      // Sensitive dreams keep the care template, and a dream with no recognised symbol has nothing to phrase.
      if (analysis.safety.kinds.length > 0 || analysis.matches.length === 0) return null;
      const language = analysis.language;
      const index = indexOf(request.lexicon);
      const byKey = new Map(analysis.matches.map((match) => [match.key, match]));
      const nameOf = (match: SymbolMatch) =>
        request.names?.[match.key] ?? index.symbols.get(match.key)?.[language].name ?? match.name;
      const brief = dreamBrief({ request, index, language, byKey, nameOf });
      const band = proseBand(request);
      const reading = await completeChat(config, fetchImpl, {
        system: SYSTEM_PROMPT[language],
        user: JSON.stringify({
          ...brief,
          band,
          instructions: [...INSTRUCTIONS[language], lengthInstruction(language, band)],
        }),
        band,
      });
      if (reading === null) return null;
      const check = checkModelReading(reading, {
        language,
        band,
        allowedNames: analysis.matches.map(nameOf),
        otherLexiconNames: unrecognisedImageNames(request.lexicon, new Set(byKey.keys()), language),
        sourceText: wordsGiven(brief).join("\n"),
      });
      return check.ok ? reading : null;
    },
    phraseConsultation: (request) => phraseConsultation(config, fetchImpl, request),
  };
}
