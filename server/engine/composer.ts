import type { DreamCategory } from "../../contract/constants";
import type { LexiconData, SymbolEntry, Theme } from "./lexicon/schema";
import type { SymbolMatch } from "./matcher";
import type { Language } from "./morphology";

/**
 * Writes the dream's translation from the recognised symbols, in the dream's language: the Universal
 * Language of the Mind framing, each symbol's meaning, symbols read together, the themes they form and
 * closing soul guidance. Deterministic: the same dream and options always give the same text.
 */

export interface ComposeOptions {
  language: Language;
  premium: boolean;
  ultraSimplified: boolean;
  category?: DreamCategory | null;
}

export interface Composition {
  text: string;
  themes: string[];
  combined: string[];
}

interface Phrases {
  opening: string;
  openingNone: string;
  symbolsHeading: string;
  togetherHeading: string;
  themesHeading: string;
  practiceHeading: string;
  guidanceHeading: string;
  guidance: (names: string) => string;
  guidanceNone: string;
  simple: (names: string) => string;
  categories: Record<DreamCategory, string>;
  insightLabel: string;
  more: (count: number) => string;
  and: string;
}

const PHRASES: Record<Language, Phrases> = {
  en: {
    opening:
      "Your dream speaks in the Universal Language of the Mind: every person, place and action in it is a part of you, showing how you think, feel and grow.",
    openingNone:
      "Your dream speaks in the Universal Language of the Mind, but its images did not match any symbol we know yet. Add a few details (people, places, what happened) and translate it again, or report the symbols you expected so we can add them.",
    symbolsHeading: "What your symbols say",
    togetherHeading: "Read together",
    themesHeading: "The thread running through your dream",
    practiceHeading: "A practice for this week",
    guidanceHeading: "Soul guidance",
    guidance: (names) =>
      `Your inner self chose ${names} to reach you. Before the day takes over, sit for a moment with the feeling the dream left you and ask: where in my waking life do I meet this? The answer you find is the message.`,
    guidanceNone:
      "Keep writing your dreams down as soon as you wake: the more you record, the clearer your mind's own symbols become.",
    simple: (names) =>
      `In short: your dream brings ${names} before you, inviting you to look at how you are living now.`,
    categories: {
      lucid:
        "You knew you were dreaming: a sign that your conscious mind is reaching into the inner one, ready to act with awareness.",
      recurring:
        "A recurring dream is a message repeated until it is heard: the situation it mirrors is still waiting for your attention.",
      nightmare:
        "A nightmare is not a punishment: its fear points to something inside you that asks to be faced with kindness.",
      light: "The light tone of this dream reflects harmony between what you think and what you do.",
      dark: "The dark tone of this dream shows a part of you asking to be seen and understood, not feared.",
      visitation:
        "A visitation dream brings someone close again: it speaks of the qualities of that person that live on in you.",
      precognitive:
        "Dreams that seem to foretell events show how keenly your mind already perceives what is unfolding in your life.",
    },
    insightLabel: "Deeper insight",
    more: (count) => `${count} more symbols were recognised; you can see them all in the list.`,
    and: "and",
  },
  es: {
    opening:
      "Tu sueño habla en el Lenguaje Universal de la Mente: cada persona, lugar y acción que aparece en él es una parte de ti que muestra cómo piensas, sientes y creces.",
    openingNone:
      "Tu sueño habla en el Lenguaje Universal de la Mente, pero sus imágenes todavía no coinciden con ningún símbolo que conozcamos. Añade algunos detalles (personas, lugares, lo que ocurrió) y vuelve a traducirlo, o cuéntanos qué símbolos esperabas para que podamos incorporarlos.",
    symbolsHeading: "Lo que dicen tus símbolos",
    togetherHeading: "Leídos en conjunto",
    themesHeading: "El hilo que recorre tu sueño",
    practiceHeading: "Una práctica para esta semana",
    guidanceHeading: "Guía del alma",
    guidance: (names) =>
      `Tu ser interior eligió ${names} para llegar hasta ti. Antes de que el día te absorba, quédate un momento con la sensación que te dejó el sueño y pregúntate: ¿dónde encuentro esto en mi vida despierta? La respuesta que descubras es el mensaje.`,
    guidanceNone:
      "Sigue anotando tus sueños nada más despertar: cuanto más registres, más claros se volverán los símbolos propios de tu mente.",
    simple: (names) =>
      `En pocas palabras: tu sueño pone ante ti ${names} y te invita a mirar cómo estás viviendo ahora.`,
    categories: {
      lucid:
        "Sabías que estabas soñando: una señal de que tu mente consciente se adentra en la interior, lista para actuar con conciencia.",
      recurring:
        "Un sueño recurrente es un mensaje que se repite hasta ser escuchado: la situación que refleja aún espera tu atención.",
      nightmare:
        "Una pesadilla no es un castigo: su miedo señala algo en tu interior que pide ser mirado con cariño.",
      light: "El tono luminoso de este sueño refleja armonía entre lo que piensas y lo que haces.",
      dark: "El tono oscuro de este sueño muestra una parte de ti que pide ser vista y comprendida, no temida.",
      visitation:
        "Un sueño de visita vuelve a acercarte a alguien: habla de las cualidades de esa persona que siguen vivas en ti.",
      precognitive:
        "Los sueños que parecen anunciar hechos muestran con cuánta agudeza tu mente ya percibe lo que se está gestando en tu vida.",
    },
    insightLabel: "Visión profunda",
    more: (count) => `Se reconocieron ${count} símbolos más; puedes verlos todos en la lista.`,
    and: "y",
  },
};

const MAX_SYMBOLS_IN_TEXT = 10;

function joinNames(names: readonly string[], and: string): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}

/** Symbol names read inside a sentence: lower case, except names of the divine. */
function inSentence(name: string): string {
  return name === "God" || name === "Dios" ? name : name.toLowerCase();
}

/** Vital symbols first, then the order in which the dream mentions them. */
export function rankSymbols(
  matches: readonly SymbolMatch[],
  entries: ReadonlyMap<string, SymbolEntry>,
): SymbolMatch[] {
  return [...matches].sort((a, b) => {
    const vital = Number(entries.get(b.key)?.isVital ?? false) - Number(entries.get(a.key)?.isVital ?? false);
    return vital || (a.evidence[0]?.start ?? 0) - (b.evidence[0]?.start ?? 0);
  });
}

export function matchingThemes(keys: ReadonlySet<string>, themes: readonly Theme[]): Theme[] {
  return themes
    .map((theme) => ({ theme, hits: theme.symbolKeys.filter((key) => keys.has(key)).length }))
    .filter(({ theme, hits }) => hits >= Math.min(2, theme.symbolKeys.length))
    .sort((a, b) => b.hits - a.hits || a.theme.key.localeCompare(b.theme.key))
    .map(({ theme }) => theme);
}

export function compose(
  matches: readonly SymbolMatch[],
  data: LexiconData,
  options: ComposeOptions,
): Composition {
  const { language, premium, ultraSimplified, category } = options;
  const phrases = PHRASES[language];
  const entries = new Map(data.symbols.map((entry) => [entry.key, entry]));
  const ranked = rankSymbols(matches, entries).filter((match) => entries.has(match.key));
  const keys = new Set(ranked.map((match) => match.key));
  const combined = data.combined.filter((combo) => combo.symbolKeys.every((key) => keys.has(key)));
  const themes = matchingThemes(keys, data.themes).slice(0, premium ? 2 : 1);
  const names = ranked
    .slice(0, 3)
    .map((match) => inSentence(entries.get(match.key)?.[language].name ?? match.name));
  const categoryLine = category ? phrases.categories[category] : undefined;

  if (ranked.length === 0) {
    const text = [phrases.openingNone, categoryLine, phrases.guidanceNone].filter(Boolean).join("\n\n");
    return { text, themes: [], combined: [] };
  }

  if (ultraSimplified) {
    const first = entries.get(ranked[0]?.key ?? "");
    const text = [phrases.simple(joinNames(names, phrases.and)), first?.[language].description, categoryLine]
      .filter(Boolean)
      .join(" ");
    return { text, themes: themes.map((t) => t.key), combined: combined.map((c) => c.key) };
  }

  const sections: string[] = [categoryLine ? `${phrases.opening} ${categoryLine}` : phrases.opening];

  const symbolLines = ranked.slice(0, MAX_SYMBOLS_IN_TEXT).map((match) => {
    const entry = entries.get(match.key) as SymbolEntry;
    const side = entry[language];
    const quoted = match.evidence[0] ? ` (“${match.evidence[0].text}”)` : "";
    const detail = match.details?.length ? ` ${match.details.join(", ")}.` : "";
    const body = premium ? `${side.description} ${side.extendedDescription}` : side.description;
    const insight = premium ? `\n  ${phrases.insightLabel}: ${side.deeperInsight}` : "";
    return `- ${side.name}${quoted}:${detail} ${body}${insight}`;
  });
  if (ranked.length > MAX_SYMBOLS_IN_TEXT)
    symbolLines.push(phrases.more(ranked.length - MAX_SYMBOLS_IN_TEXT));
  sections.push(`${phrases.symbolsHeading}\n${symbolLines.join("\n")}`);

  if (combined.length > 0) {
    const lines = combined
      .slice(0, 3)
      .map((combo) => `- ${combo[language].name}: ${combo[language].description}`);
    sections.push(`${phrases.togetherHeading}\n${lines.join("\n")}`);
  }

  for (const theme of themes) {
    const side = theme[language];
    const insights = (premium ? side.insights : side.insights.slice(0, 1)).map((insight) => insight.text);
    sections.push(`${phrases.themesHeading}: ${side.name}\n${[side.description, ...insights].join(" ")}`);
    const technique = side.techniques.find((t) => premium || !t.isPremium);
    if (technique) {
      sections.push(
        `${phrases.practiceHeading}: ${technique.name}\n${technique.description}\n${technique.instructions}`,
      );
    }
  }

  sections.push(`${phrases.guidanceHeading}\n${phrases.guidance(joinNames(names, phrases.and))}`);
  return {
    text: sections.join("\n\n"),
    themes: themes.map((t) => t.key),
    combined: combined.map((c) => c.key),
  };
}
