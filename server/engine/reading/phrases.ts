import type { DreamCategory } from "../../../contract/constants";
import type { EmotionKind } from "../../../contract/reading";
import type { Language } from "../morphology";
import type { CountForms } from "./grammar";

/**
 * The reading's own words, per language. Every slot offers several wordings: the composer takes the first
 * one (in an order picked by the dream's hash) whose sentences open differently from those already written,
 * so two sentences of one reading never start alike. Spanish speaks in the tú form and never agrees an
 * adjective with the reader.
 */

/** A verb that introduces a meaning, in the singular and the plural of the image it follows. */
export interface MeaningVerb {
  one: string;
  other: string;
}

/** One central image as a template sees it. */
export interface ImageWords {
  /** As it is named in a sentence: "the tiger", "your dog", "Max, your dog", «la camarera», «tus hijas». */
  name: string;
  plural: boolean;
  /** The dream's clause about it in the second person, or the dreamer's words in quotation marks. */
  clause: string;
  /** The image as this dream has it, from its clause (see inDream): "the wolf you met at the end". */
  told?: string | null;
}

export interface Phrases {
  and: string;
  /** Quotation marks around the dreamer's own words. */
  quote(words: string): string;
  aboutVerbs: readonly MeaningVerb[];
  copularVerbs: readonly MeaningVerb[];
  /** "the verb + the meaning", contracting Spanish "de el" / "a el". */
  join(verb: string, meaning: string): string;
  /** A finished sentence of the reading's own: Spanish "de el" / "a el" contracted. */
  polish(sentence: string): string;
  feelingName(kind: EmotionKind, intensity: number): string;

  opening(clauses: readonly string[]): string[];
  /**
   * The dream's turn, its most charged moment, retold (`moment`, second person or quoted) and named with its
   * feeling (`feeling` as feelingName gives it) as what the dream asks the reader to look at.
   */
  turn(moment: string, feeling: string | null): string[];
  /** `many`: two feelings are named. */
  feeling(feelings: string, words: string, many: boolean): string[];
  /** A central image whose meaning follows a verb, placed by `where` (the turn, the start, or beside the lead). */
  image(image: ImageWords, verbAndMeaning: string, where: ImagePlace): string[];
  /**
   * The image named through what happened to it in the retold `clause` ("the wolf you met at the end",
   * «el lobo con el que te encontraste al final»); null when no relative clause can be built safely.
   */
  inDream(name: string, clause: string): string | null;
  /** What stands in for a clause cut short: "it appeared", «apareció»; an action "happened". */
  appeared(plural: boolean, action: boolean): string;
  /**
   * The turn, pointed back at once the opening has retold it: fits "When ___," and "the moment when ___"
   * ("the dream turned", «el sueño dio su giro»), so one clause of the dream is not read out three times.
   */
  turnAgain: string;
  /**
   * An image whose stock meaning is warm (joy, loyalty, vitality) where the dream is fearful, sad or angry or
   * the image harms: the meaning read as strained or threatened, never as warmth. `feeling` as feelingName.
   */
  strained(image: ImageWords, gist: string, feeling: string | null): string[];
  /** What an image speaks of when its description gives nothing to cut out in the reader's voice. */
  unspokenMeaning: string;
  personal(image: ImageWords, meaning: string): string[];
  beyondPersonal(image: ImageWords, verbAndMeaning: string): string[];
  /** An action done TO the dreamer ("a tiger ate you"): not what doing it would mean. */
  doneToYou(image: ImageWords): string[];
  /** An action aimed at the dreamer that is not a harm ("my teacher laughed at me"): received, not done. */
  aimedAtYou(image: ImageWords): string[];
  /**
   * A being that comes at the dreamer (attacks, chases, eats): its meaning read from the threatening side
   * first, never as the stock praise ("a dog that turns on you", not "the dog speaks of loyalty").
   */
  againstYou(image: ImageWords, meaning: string): string[];
  /** Someone or something acting on the dreamer: overpowering only when `force` says so, received when it is care. */
  actsOnYou(image: ImageWords, force: Force): string[];
  /** The dreamer's own, real one ("your dog", «tu mamá»); `against`: it came at the dreamer with force. */
  ownReal(image: ImageWords, person: boolean, aboutMeaning: string, against: boolean): string[];
  /** The dreamer's own one is harmed in the dream: fear of losing what one loves. */
  ownHarmed(image: ImageWords, person: boolean): string[];
  /** An action of harm when someone of the dreamer's own is harmed. */
  harmToOwn(action: string, own: ImageWords): string[];
  /** An action of harm the dreamer witnesses or undergoes: never a wish of theirs. */
  harmWitnessed(action: string, image: ImageWords): string[];
  /** Someone dead in waking life: a visit and a memory. */
  visit(image: ImageWords, aboutMeaning: string): string[];
  /** A famous person: what the dreamer sees in them. */
  celebrity(name: string, aboutMeaning: string): string[];
  /** A historical or political figure: what the name stirs, for better or worse. */
  contestedFigure(name: string): string[];
  insight(name: string, insight: string): string[];

  /** `name`: the dream's first central image. */
  nightmare(name: string): string[];
  tone(mood: Mood, name: string): string[];
  combined(names: string, description: string): string[];
  theme(names: string, themeName: string, description: string): string[];

  /** "your last # dreams" by the language's plural rules (see countPhrase). */
  lastDreams: CountForms;
  recurringImage(name: string, plural: boolean, count: number, lastDreams: string, recent: number): string[];
  similarDream(title: string, date: string, shared: string): string[];
  saysRecurring(names: string): string[];
  personalElsewhere(name: string, meaning: string): string[];

  /** The dream itself, where a sentence needs an image and none is a thing or a being ("this dream"). */
  thisDream: string;
  journal(names: string): string[];
  guidanceHeading: string;
  /**
   * A question about THIS dream: the dreamer's part in its turn and the image there (`moment`), else its
   * feeling with `lead` (its most central thing or being), else what `lead` means here (`meaning`).
   */
  guidance(lead: ImageWords, meaning: string, moment: DreamMoment): string[];
  /** `anchor`: the images the practice itself concerns (a theme's), or null; else it starts from the feeling. */
  practice(name: string, anchor: string | null, steps: string, moment: DreamMoment): string[];
  category(category: DreamCategory, visitFromDead: boolean): string;

  short(names: string, gists: string, feeling: string | null): string;
  shortDoneToYou: string;
  shortOwnHarmed: string;
  shortHarmWitnessed: string;
  shortAimedAtYou: string;
  /**
   * A dream none of whose images is known: its moment (retold, second person) and its feelings (as
   * feelingName gives them, joined) acknowledged, then a gentle ask for more detail.
   */
  unread(moment: string | null, feelings: string | null): string;
  invitationGuidance: string;
  /** One short closing offer to report a symbol the reading missed. */
  reportMissing: string;
}

/** The dream's turn (second person or quoted), its strongest feeling, the dreamer's part and image there. */
export interface DreamMoment {
  turn: string | null;
  feeling: string | null;
  /** What the dreamer did at the turn: acted, was acted on by force, was given something, or looked on. */
  part: "doing" | "undergoing" | "receiving" | "watching" | null;
  /** The thing or being at the turn, as named in the reading. */
  image: string | null;
  /** The dream's clause, retold, where the dreamer plays that part ("a dog bit you"). */
  scene: string | null;
}

/**
 * Where an image stands in the reading: at the dream's turn (told first), first when the dream has no turn,
 * the only one, or "linked": read as bearing on `lead` (the first image told, when a thing or a being) and
 * on the dream's `feeling`.
 */
export interface ImagePlace {
  at: "only" | "turn" | "first" | "linked";
  lead: string | null;
  feeling: string | null;
  /** The image's retold clause to open with ("When you …,") when it has no `told` name; null when cut or told. */
  scene: string | null;
}

/** What is done to the dreamer: "force" overpowers (attacked, eaten), "care" is given (served, hugged). */
export type Force = "force" | "care" | null;

export type Mood = "steadying" | "affirming" | "gentle" | "anger" | "confusion" | "shame";

/** Spanish "de el" -> "del", "a el" -> "al": the article of a common noun, never "él" nor a capitalised name. */
function contractEs(text: string): string {
  return text.replace(/\b([Dd])e el /g, "$1el ").replace(/(^|[\s¿¡(])([Aa]) el /g, "$1$2l ");
}

/** «un miedo intenso» -> «ese mismo miedo intenso»: the feeling an image shares with the one before. */
function esSame(feeling: string): string {
  return feeling.replace(/^(?:un|el) /, "ese mismo ").replace(/^(?:una|la) /, "esa misma ");
}

/** «un miedo intenso» -> «ese miedo intenso»: the feeling pointed at, not introduced. */
function esThat(feeling: string): string {
  return feeling.replace(/^(?:un|el) /, "ese ").replace(/^(?:una|la) /, "esa ");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function verbFor(image: { plural: boolean }, verb: MeaningVerb): string {
  return image.plural ? verb.other : verb.one;
}

/** A clause that tells its own step ("then I found…", «y al final me encontré…») needs no connector added. */
const OWN_STEP = {
  en: {
    pattern:
      /(?<![\p{L}'’])(?:then|next|later|finally|at last|after that|in the end|at the end|by the end)(?![\p{L}'’])/iu,
    and: " and ",
  },
  es: {
    pattern: /(?<!\p{L})(?:luego|después|entonces|más tarde|finalmente|por fin|al final)(?!\p{L})/iu,
    and: " y ",
  },
};

/**
 * "a, then b, and in the end c": `last` carries its own punctuation (", and in the end " / " y, al final, ").
 * A clause that already says its step is joined plainly, never "y, al final, … y al final …".
 */
function listOf(
  clauses: readonly string[],
  connectors: readonly string[],
  last: string,
  own: (typeof OWN_STEP)["en"],
): string {
  if (clauses.length === 1) return clauses[0] ?? "";
  const middle = clauses
    .slice(1, -1)
    .map((clause, index) =>
      own.pattern.test(clause) ? `, ${clause}` : `, ${connectors[index % connectors.length]} ${clause}`,
    );
  const final = clauses.at(-1) ?? "";
  return `${clauses[0]}${middle.join("")}${own.pattern.test(final) ? own.and : last}${final}`;
}

type Part = NonNullable<DreamMoment["part"]>;

/** The guidance on the dreamer's part, told through the dream's own clause where it is played. */
function enScene(scene: string, part: Part, felt: string | null): string[] {
  switch (part) {
    case "undergoing":
      return [
        `When ${scene}, you could only take it: where in your waking life does something press on you like that, and what would answering it look like${felt ? `, rather than carrying ${felt}` : ""}?`,
        `Ask yourself what in your life right now feels like the moment when ${scene}${felt ? `, with ${felt}` : ""}, and where you could push back.`,
        `Go back to the moment when ${scene}: what in your days leaves you feeling that way${felt ? `, with ${felt}` : ""}, and what small step would give you back some say?`,
      ];
    case "receiving":
      return [
        `When ${scene}, you were on the receiving end: what is being offered to you in your waking life, and do you let it reach you?`,
        `Ask yourself what in your days feels like the moment when ${scene}, something you receive${felt ? ` with ${felt}` : ""}, and whether you make room for it.`,
        `Go back to the moment when ${scene}: where in your waking life is there something you receive like that${felt ? `, with ${felt}` : ""}, and do you let it reach you?`,
      ];
    case "doing":
      return [
        `When ${scene}, it was you who acted${felt ? `, with ${felt}` : ""}: where in your waking life are you ready to act like that, and what still holds you back?`,
        `The dream gave you the move when ${scene}: ask yourself where in your days you could act like that${felt ? `, and what ${felt} tells you about it` : ""}.`,
        `Go back to the moment when ${scene}: where else in your life could you act like that${felt ? `, with ${felt}` : ""}, and what still holds you back?`,
      ];
    case "watching":
      return [
        `When ${scene}, you looked on rather than acting${felt ? `, with ${felt}` : ""}: what in your waking life are you watching from the side, and what does it ask of you?`,
        `You were a witness when ${scene}: ask yourself what you are watching unfold in your life right now, and what it asks of you.`,
        `Go back to the moment when ${scene}: what in your life are you looking on at from the side${felt ? `, with ${felt}` : ""}, and what does it ask of you?`,
      ];
  }
}

function esScene(scene: string, part: Part, that: string | null): string[] {
  switch (part) {
    case "undergoing":
      return [
        `Cuando ${scene}, solo podías aguantarlo: ¿dónde te presiona algo así en tu vida despierta, y qué haría falta para responderle${that ? ` en lugar de cargar con ${that}` : ""}?`,
        `Pregúntate qué se parece hoy en tu vida al momento en que ${scene}${that ? `, con ${that}` : ""}, y dónde podrías plantarte.`,
        `Regresa al momento en que ${scene}: ¿qué te deja así en tus días${that ? `, con ${that}` : ""}, y qué paso pequeño te devolvería algo de voz?`,
      ];
    case "receiving":
      return [
        `Cuando ${scene}, el sueño te muestra recibiendo: ¿qué se te ofrece en tu vida despierta, y lo dejas llegar?`,
        `Pregúntate qué se parece en tus días al momento en que ${scene}, algo que recibes${that ? ` con ${that}` : ""}, y si le haces sitio.`,
        `Regresa al momento en que ${scene}: ¿dónde hay en tu vida despierta algo que recibes así${that ? `, con ${that}` : ""}, y lo dejas llegar?`,
      ];
    case "doing":
      return [
        `Cuando ${scene}, eras tú quien actuaba${that ? `, con ${that}` : ""}: ¿dónde estás en condiciones de actuar así en tu vida despierta, y qué te frena todavía?`,
        `El sueño te dio a ti el movimiento cuando ${scene}: pregúntate dónde podrías actuar así en tus días${that ? `, y qué te dice ${that}` : ""}.`,
        `Regresa al momento en que ${scene}: ¿dónde más podrías actuar así${that ? `, con ${that}` : ""}, y qué te frena todavía?`,
      ];
    case "watching":
      return [
        `Cuando ${scene}, mirabas sin ser quien actuaba${that ? `, con ${that}` : ""}: ¿qué estás mirando desde fuera en tu vida despierta, y qué te pide?`,
        `Fuiste testigo cuando ${scene}: pregúntate qué ves desarrollarse hoy en tu vida y qué te pide.`,
        `Regresa al momento en que ${scene}: ¿qué miras desde un lado en tu vida${that ? `, con ${that}` : ""}, y qué te pide?`,
      ];
  }
}

/**
 * Spanish lexicon names that are verbs, named as the nouns they also are: «el llanto», never «el llorar»;
 * «tu ser querido», never «el ser querido fallecido».
 */
export const ES_VERB_NOUNS: ReadonlyMap<string, string> = new Map([
  ["volar", "el vuelo"],
  ["correr", "la carrera"],
  ["nadar", "el nado"],
  ["ahogarse", "el ahogo"],
  ["matar", "el asesinato"],
  ["escapar", "la huida"],
  ["esconderse", "el escondite"],
  ["perderse", "el extravío"],
  ["estar atrapado", "el encierro"],
  ["llegar tarde", "el retraso"],
  ["escalar", "la escalada"],
  ["buscar", "la búsqueda"],
  ["ser atacado", "el ataque"],
  ["bailar", "el baile"],
  ["cantar", "el canto"],
  ["comer", "la comida"],
  ["cocinar", "la cocina"],
  ["conducir", "la conducción"],
  ["gritar", "el grito"],
  ["llorar", "el llanto"],
  ["reír", "la risa"],
  ["perder algo", "la pérdida"],
  ["ser querido fallecido", "tu ser querido"],
  ["quedarse sin voz", "la voz perdida"],
  ["caminar", "la caminata"],
  ["saltar", "el salto"],
  ["dormir", "el descanso"],
  ["leer", "la lectura"],
  ["escribir", "la escritura"],
  ["pintar", "la pintura"],
  ["jugar", "el juego"],
  ["trabajar", "el trabajo"],
  ["limpiar", "la limpieza"],
  ["lavar", "el lavado"],
  ["comprar", "las compras"],
  ["pagar", "el pago"],
  ["mentir", "la mentira"],
  ["discutir", "la discusión"],
  ["regañar", "el regaño"],
  ["abrazar", "el abrazo"],
  ["coquetear", "el coqueteo"],
  ["esperar", "la espera"],
  ["teletransportarse", "el teletransporte"],
  ["romperse en pedazos", "la rotura"],
  ["construir", "la construcción"],
  ["pescar", "la pesca"],
  ["cavar", "la excavación"],
  ["coser", "la costura"],
  ["patinar", "el patinaje"],
  ["estudiar", "el estudio"],
  ["proteger", "la protección"],
  ["pedir ayuda", "la petición de ayuda"],
  ["sentirse observado", "la sensación de ser observado"],
  ["actuar en escena", "la actuación"],
  ["hablar en público", "el discurso en público"],
  ["apostar", "la apuesta"],
  ["empujar", "el empujón"],
  ["acampar", "la acampada"],
  ["susurrar", "el susurro"],
  ["gatear", "el gateo"],
]);

/** Where a retold clause splits into the pieces a relative clause can be built from. */
const PIECE_BREAK = {
  en: /\s*(?:[,;]|\s(?:and|but|when|while|because|so|until)\s)\s*/u,
  es: /\s*(?:[,;]|\s(?:y|e|pero|cuando|mientras|porque|hasta que|que)\s)\s*/u,
};
/** A placing phrase that can close a relative clause: "at the end", «al final». */
const PLACING = {
  en: /^(?:at|in|on|after|before|during|inside|outside|near|by)\s/u,
  es: /^(?:al|en|a|de|por|durante|después|antes|dentro|fuera|cerca)\s/u,
};
/** Words past which a relative clause grows too long to read: the piece is left out. */
const MAX_TAIL_WORDS = 6;

function words(text: string): number {
  return text.trim() === "" ? 0 : text.trim().split(/\s+/).length;
}

/** The piece of `clause` that names `noun` (a whole word, or its plural), split there; null when none does. */
function pieceWith(
  clause: string,
  noun: string,
  language: Language,
): { before: string; after: string } | null {
  if (!/^\p{L}+$/u.test(noun)) return null;
  // Built once per image, never per piece.
  const word = new RegExp(`(?<!\\p{L})${noun}(?:e?s)?(?!\\p{L})`, "iu");
  for (const piece of clause.split(PIECE_BREAK[language])) {
    const at = word.exec(piece);
    if (at) return { before: piece.slice(0, at.index), after: piece.slice(at.index + at[0].length).trim() };
  }
  return null;
}

/** A tail short enough to keep; "" when there is none, null when it is too long. */
function shortTail(tail: string): string | null {
  const trimmed = tail.trim();
  return words(trimmed) <= MAX_TAIL_WORDS ? trimmed : null;
}

/** A placing phrase before the verb, moved after it ("at the end you met" -> "you met at the end"); other leads dropped. */
function placing(lead: string, language: Language): string {
  const trimmed = lead.trim().replace(/^(?:then|and|y|luego|entonces)\s+/iu, "");
  return PLACING[language].test(`${trimmed} `) && words(trimmed) <= 4 ? trimmed : "";
}

function glued(...parts: string[]): string {
  return parts.filter((part) => part.trim() !== "").join(" ");
}

const EN_DETERMINER = /(?:^|\s)(?:a|an|the|some|this|that|these|those)\s+$/iu;
/** "you met", "you were walking in", "you were looking for": the dreamer's verb before the image. */
const EN_YOU_VERB = /^(.*?)(?:^|\s)you\s+((?:\p{L}+\s+){0,2}\p{L}+)\s*$/iu;
const EN_PAST_OR_PROGRESSIVE =
  /^(?:was|were|had|kept|saw|met|found|ate|bit|took|gave|got|went|came|ran|left|\p{L}+ed|\p{L}+ing)$/iu;
const EN_PREPOSITION_END = /(?<!\p{L})(?:in|to|at|on|for|into|from|with|through|by|of)$/iu;
const EN_PREPOSITION_START =
  /^(?:in|to|at|on|for|into|onto|from|with|through|by|inside|outside|near|again|there|during|after|before|all|every)(?!\p{L})/iu;
const EN_NO_VERB = /(?<!\p{L})(?:you|your|a|an|the|and|or|i|me|my)(?!\p{L})/iu;

function enInDream(name: string, clause: string): string | null {
  // A name the reading gives with its own article ("the wolf") can open a relative clause; "your dog" is read elsewhere.
  const noun = /^the\s+(\p{L}+)$/iu.exec(name)?.[1];
  const piece = noun ? pieceWith(clause, noun, "en") : null;
  if (!piece || !EN_DETERMINER.test(piece.before)) return null;
  const before = piece.before.replace(EN_DETERMINER, "");
  const tail = shortTail(piece.after);
  if (tail === null) return null;
  // The dreamer did something to it: "you met a wolf at the end" -> "the wolf you met at the end".
  const mine = EN_YOU_VERB.exec(before);
  if (mine) {
    const verbs = (mine[2] ?? "").trim();
    if (EN_NO_VERB.test(verbs) || !EN_PAST_OR_PROGRESSIVE.test(verbs.split(/\s+/)[0] ?? "")) return null;
    // "the mall you went to", never "the mall you went to to buy dresses"; "a bus trip" is not moved
    // after its verb ("the bus you were on trip"), and "the top of the hill" is not split.
    if (/^of(?!\p{L})/iu.test(tail)) return null;
    const stranded = EN_PREPOSITION_END.test(verbs) && EN_PREPOSITION_START.test(tail);
    const kept = !stranded && EN_PREPOSITION_START.test(tail) ? tail : "";
    return glued(name, "you", verbs, kept, placing(mine[1] ?? "", "en"));
  }
  // It did something: "a tiger ate you in the jungle" -> "the tiger that ate you in the jungle".
  if (before.trim() === "" && tail !== "") {
    const verb = tail.split(/\s+/)[0] ?? "";
    if (EN_PAST_OR_PROGRESSIVE.test(verb) && !/ing$/i.test(verb)) return glued(name, "that", tail);
  }
  return null;
}

/** «a la», «con un», «al», «del»: the preposition (if any) and determiner before the image. */
const ES_BEFORE_NOUN =
  /(?:^|\s)(?:(a|con|en|por|de|hacia|sobre|contra|desde|entre|tras)\s+)?(el|la|los|las|un|una|unos|unas|este|esta|ese|esa|al|del)\s+$/iu;
/** The dreamer's verb (tú) with its clitics: «buscabas», «te encontraste», «no la veías». */
const ES_YOU_VERB =
  /^(.*?)((?:(?:no|te|se|me|lo|la|le|los|las|les|nos)\s+)*\p{L}{2,}(?:aste|iste|abas|ías|ibas|eras|estás|tienes))\s*$/iu;
/** What it did, with the dreamer as the one it fell on or not: «te perseguía», «comió», «apareció». */
const ES_ITS_VERB =
  /^(?:(?:no|te|se|me|lo|la|le|nos)\s+)*\p{L}{2,}(?:aba|ía|ó|ió|aban|ían|aron|ieron)(?!\p{L})/iu;

/** A tail that can follow the verb: a placing or a time, not a complement of the noun. */
const ES_TAIL_START =
  /^(?:en|a|al|por|con|durante|desde|hacia|sobre|entre|cuando|todo|toda|otra|otra vez|ahí|allí)(?!\p{L})/iu;

function esInDream(name: string, clause: string): string | null {
  const named = /^(el|la|los|las)\s+(\p{L}+)$/iu.exec(name);
  const article = named?.[1]?.toLowerCase();
  const piece = named?.[2] ? pieceWith(clause, named[2], "es") : null;
  const found = piece ? ES_BEFORE_NOUN.exec(piece.before) : null;
  if (!piece || !found || !article) return null;
  const contracted = found[2]?.toLowerCase();
  const preposition = contracted === "al" ? "a" : contracted === "del" ? "de" : found[1]?.toLowerCase();
  const before = piece.before.slice(0, found.index);
  const tail = shortTail(piece.after);
  if (tail === null) return null;
  // «buscabas a la perra» -> «la perra a la que buscabas»; «te encontraste con un lobo al final» ->
  // «el lobo con el que te encontraste al final» ("a el que" becomes «al que» when polished).
  const mine = ES_YOU_VERB.exec(before);
  // «la piscina de la urbanización», «el avión lleno de gente»: what completes the noun stays with it.
  if (mine?.[2] && tail !== "" && !ES_TAIL_START.test(tail)) return null;
  if (mine?.[2]) {
    const relative = preposition ? `${preposition} ${article} que` : "que";
    return glued(name, relative, mine[2].trim(), tail, placing(mine[1] ?? "", "es"));
  }
  // «un tigre te comió en la selva» -> «el tigre que te comió en la selva».
  if (before.trim() === "" && !preposition && ES_ITS_VERB.test(tail)) return glued(name, "que", tail);
  return null;
}

const EN_FEELINGS: Record<EmotionKind, string> = {
  fear: "fear",
  anxiety: "anxiety",
  sadness: "sadness",
  grief: "grief",
  anger: "anger",
  shame: "shame",
  guilt: "guilt",
  confusion: "confusion",
  disgust: "disgust",
  surprise: "surprise",
  joy: "joy",
  love: "love",
  calm: "calm",
  awe: "awe",
};

const ES_FEELINGS: Record<EmotionKind, { noun: string; feminine: boolean }> = {
  fear: { noun: "miedo", feminine: false },
  anxiety: { noun: "ansiedad", feminine: true },
  sadness: { noun: "tristeza", feminine: true },
  grief: { noun: "duelo", feminine: false },
  anger: { noun: "rabia", feminine: true },
  shame: { noun: "vergüenza", feminine: true },
  guilt: { noun: "culpa", feminine: true },
  confusion: { noun: "confusión", feminine: true },
  disgust: { noun: "asco", feminine: false },
  surprise: { noun: "sorpresa", feminine: true },
  joy: { noun: "alegría", feminine: true },
  love: { noun: "amor", feminine: false },
  calm: { noun: "calma", feminine: true },
  awe: { noun: "asombro", feminine: false },
};

const en: Phrases = {
  and: "and",
  quote: (words) => `“${words}”`,
  aboutVerbs: [
    { one: "speaks of", other: "speak of" },
    { one: "points to", other: "point to" },
    { one: "carries", other: "carry" },
    { one: "brings up", other: "bring up" },
    { one: "puts before you", other: "put before you" },
    { one: "touches on", other: "touch on" },
    { one: "calls up", other: "call up" },
    { one: "opens onto", other: "open onto" },
  ],
  copularVerbs: [
    { one: "is", other: "are" },
    { one: "acts as", other: "act as" },
    { one: "works as", other: "work as" },
    { one: "serves as", other: "serve as" },
  ],
  join: (verb, meaning) => `${verb} ${meaning}`,
  polish: (sentence) => sentence,
  feelingName: (kind, intensity) => (intensity >= 3 ? `intense ${EN_FEELINGS[kind]}` : EN_FEELINGS[kind]),

  opening: (clauses) =>
    clauses.length === 1
      ? [
          `Your dream gathers around one moment: ${clauses[0]}.`,
          `Everything in this dream leads to one moment: ${clauses[0]}.`,
          `One scene carries this dream: ${clauses[0]}.`,
          `At the centre of your dream is one moment: ${clauses[0]}.`,
        ]
      : [
          `Your dream moves like this: ${listOf(clauses, ["then", "next", "after that"], ", and in the end ", OWN_STEP.en)}.`,
          `Follow the thread of this dream: first ${listOf(clauses, ["next", "then", "later"], ", and at last ", OWN_STEP.en)}.`,
          `Here is the path your dream takes: ${listOf(clauses, ["then", "after that", "next"], ", and by the end ", OWN_STEP.en)}.`,
          `Your dream tells its story in steps: ${listOf(clauses, ["later", "then", "next"], ", and finally ", OWN_STEP.en)}.`,
          `It all unfolds in order: ${listOf(clauses, ["after that", "then", "later"], ", and at the close ", OWN_STEP.en)}.`,
        ],
  turn: (moment, feeling) => [
    `The turn comes when ${moment}: ${feeling ? `that ${feeling}` : "that moment"} is where the dream's message sits.`,
    `Everything hinges on the moment when ${moment}; ${feeling ? `the ${feeling} in it` : "what it stirred in you"} is what the dream asks you to look at.`,
    `The most charged moment is when ${moment}: look there first${feeling ? `, and at the ${feeling} it brought` : ""}, because that is where the dream's message sits.`,
  ],
  feeling: (feelings, words, many) => [
    `What you felt most was ${feelings}${words}.`,
    many
      ? `The feelings that run through it are ${feelings}${words}.`
      : `The feeling that runs through it is ${feelings}${words}.`,
    `${capitalise(feelings)} ${many ? "colour" : "colours"} all of it${words}.`,
  ],
  image: (image, verbAndMeaning, { at, lead, feeling, scene }) => {
    const named = `${image.name} ${verbAndMeaning}`;
    // Read through what happened to it in this dream: "The wolf you met at the end points to…".
    if (image.told) {
      const told = capitalise(image.told);
      return [
        `${told} ${verbAndMeaning}.`,
        ...(at === "linked" && feeling
          ? [`${told}, caught in that same ${feeling}, ${verbAndMeaning}.`]
          : []),
        ...(at === "linked" && lead ? [`${told}, beside ${lead}, ${verbAndMeaning}.`] : []),
      ];
    }
    if (scene) return [`When ${scene}, ${named}.`, `In the moment when ${scene}, ${named}.`];
    switch (at) {
      case "only":
        return [`At the heart of the dream, ${named}.`, `In this dream, ${named}.`];
      case "turn":
        return [
          `At the turn itself, ${named}.`,
          `In that charged moment, ${named}.`,
          `Right there, at the turn, ${named}.`,
        ];
      case "first":
        return [`At the start, ${named}.`, `To begin with, ${named}.`, `Opening the dream, ${named}.`];
      case "linked":
        // Read as bearing on the first image, not as the next entry of a list.
        return [
          ...(feeling
            ? [
                `Within that same ${feeling}, ${named}.`,
                lead
                  ? `Caught in the same ${feeling} as ${lead}, ${named}.`
                  : `Caught in that ${feeling}, ${named}.`,
                `Under that ${feeling}, ${named}.`,
              ]
            : []),
          ...(lead
            ? [
                `Beside ${lead}, ${named}.`,
                `Alongside ${lead}, ${named}.`,
                `Around ${lead}, ${named}.`,
                `Together with ${lead}, ${named}.`,
              ]
            : [
                `In the same dream, ${named}.`,
                `Woven into the same story, ${named}.`,
                `Part of the same scene, ${named}.`,
                `Not far from it, ${named}.`,
              ]),
        ];
    }
  },
  inDream: enInDream,
  appeared: (plural, action) => (action ? "it happened" : plural ? "they appeared" : "it appeared"),
  turnAgain: "the dream turned",
  strained: (image, gist, feeling) => {
    const [it, they] = image.plural ? ["they come", "them"] : ["it comes", "it"];
    if (image.told) {
      return [
        `${capitalise(image.told)} would usually speak of ${gist}; here ${it} with ${feeling ?? "a threat"}, so read ${they} as ${gist} under strain, or out of reach.`,
      ];
    }
    return [
      `${capitalise(image.name)} would usually speak of ${gist}; here, where ${image.clause}, ${it} with ${feeling ?? "a threat"}, so read ${they} as ${gist} under strain, or out of reach.`,
      `Where ${image.clause}, ${image.name} ${image.plural ? "do" : "does"} not bring ${gist} as ${image.plural ? "they" : "it"} might elsewhere: the ${feeling ?? "tension"} around ${they} shows ${gist} that feels threatened.`,
    ];
  },
  unspokenMeaning: "what it stirs in you",
  personal: (image, meaning) => [
    `To you, ${image.name} ${image.plural ? "mean" : "means"} ${meaning}.`,
    `For you, ${image.name} ${image.plural ? "stand" : "stands"} for ${meaning}.`,
  ],
  beyondPersonal: (image, verbAndMeaning) => [
    `Beyond that, ${image.name} ${verbAndMeaning}.`,
    `Alongside your own meaning, ${image.name} ${verbAndMeaning}.`,
  ],
  doneToYou: (image) => [
    `When ${image.clause}, that was done to you, not by you: read it as something in your life that is consuming or overpowering you, not something you choose.`,
    `Notice that ${image.clause}: it happened to you, not by your hand, so it points to something that is taking more of you than you want to give.`,
  ],
  aimedAtYou: (image) => [
    `When ${image.clause}, it came toward you rather than from you: notice how it felt to receive it, and where something similar reaches you while awake.`,
    `Notice that ${image.clause}: aimed at you, not done by you, so the dream asks how you take in what comes at you from others.`,
  ],
  againstYou: (image, meaning) => {
    const its = image.plural ? "their" : "its";
    return [
      `${capitalise(image.name)} came at you, so read ${its} meaning from the threatening side first: ${meaning} turned against you, a force that is no longer on your side.`,
      `Because ${image.clause}, ${image.name} ${image.plural ? "show" : "shows"} ${its} threatening face: ${meaning} that feels as if it has turned against you.`,
    ];
  },
  actsOnYou: (image, force) => {
    switch (force) {
      case "force":
        return [
          `Since ${image.clause}, this is a force pressing on you rather than one you hold.`,
          `Because ${image.clause}, the image shows something acting on you, not something you steer.`,
        ];
      case "care":
        return [
          `Since ${image.clause}, this is something you receive: notice how it felt to take it in, and what you let reach you.`,
          `Because ${image.clause}, the dream shows you on the receiving end; ask yourself what you let in, and whether it does you good.`,
        ];
      default:
        return [
          `Since ${image.clause}, this image acts on you rather than you on it: notice whether that felt like care or like pressure.`,
          `Because ${image.clause}, the move comes from outside you; ask yourself whether it felt like support or like a push.`,
        ];
    }
  },
  ownReal: (image, person, aboutMeaning, against) => {
    const real = person
      ? image.plural
        ? "real people in your life"
        : "a real person in your life"
      : image.plural
        ? "your real companions"
        : "your real companion";
    const is = image.plural ? "are" : "is";
    // One of the dreamer's own who came at them speaks of a strain between them, not of the warm bond.
    const bond = against
      ? "a strain in the bond as it is now, something between you that feels turned against you"
      : person
        ? "your relationship as it is now"
        : "the bond you share";
    return [
      `${capitalise(image.name)} ${is} ${real}: when ${image.clause}, the dream may be about ${bond}, and only after that about ${aboutMeaning}.`,
      `Before any symbol, ${image.name} ${is} ${real}, and when ${image.clause} the dream may speak of ${bond}; only then of ${aboutMeaning}.`,
    ];
  },
  ownHarmed: (image, person) => [
    `Seeing ${image.name} hurt speaks first of the fear of losing ${person ? "someone" : "a companion"} you love, and of how much this bond matters to you.`,
    `When ${image.clause}, the dream voices the fear of losing what you love: a sign of how much ${image.name} ${image.plural ? "matter" : "matters"} to you.`,
  ],
  harmToOwn: (action, own) => [
    `Here ${action} belongs to that fear of losing ${own.name}, not to any wish of yours: it shows how much you care.`,
    `In this dream ${action} is the shape your fear for ${own.name} takes, not something you want.`,
  ],
  harmWitnessed: (action, image) => [
    `When ${image.clause}, ${action} happened around you, not by your hand: it points to something in your life that feels under threat or fragile right now.`,
    `Seen from where you stood, ${action} was not your doing: when ${image.clause}, the dream shows something you care about feeling exposed.`,
  ],
  visit: (image, aboutMeaning) => [
    `${capitalise(image.name)}, who ${image.plural ? "have" : "has"} died, ${image.plural ? "come" : "comes"} back here as a visit and a memory: when ${image.clause}, the bond is still alive in you, and the image also speaks of ${aboutMeaning}.`,
    `In this dream ${image.name}, no longer alive in waking life, ${image.plural ? "return" : "returns"} as a memory and a visit: when ${image.clause}, what you shared is still at work in you, along with ${aboutMeaning}.`,
  ],
  celebrity: (name, aboutMeaning) => [
    `${name} appears in your dream for what you see in this person: ${aboutMeaning}.`,
    `What matters about ${name} here is what you admire or notice in this person: ${aboutMeaning}.`,
  ],
  contestedFigure: (name) => [
    `${name} appears for what this person stands for in your eyes, for better or worse: notice which quality, power or fear the name stirs in you.`,
    `What matters about ${name} here is what the name stirs in you, for better or worse: a quality, a power or a fear of your own.`,
  ],
  insight: (name, insight) => [
    `Turning to ${name}: ${insight}`,
    `About ${name}, a question to sit with: ${insight}`,
    `Thinking of ${name}: ${insight}`,
  ],

  nightmare: (name) => [
    `This was a nightmare, and it makes sense if ${name} stayed with you after waking; nothing in it can hurt you now.`,
    `A nightmare like this one can shake you, and that is understandable: you are safe now, and ${name} can be looked at slowly.`,
  ],
  tone: (mood, name) => {
    switch (mood) {
      case "steadying":
        return [
          `The fear belonged to the dream: you can meet what ${name} points to slowly, at your own pace.`,
          `Take a breath before going further: whatever unsettled you near ${name} was the dream asking for attention, not a danger now.`,
        ];
      case "affirming":
        return [
          `Let the good feeling around ${name} count: it shows something in you that is already alive and well.`,
          `The warmth you felt with ${name} is part of the message: something in you is working.`,
        ];
      case "gentle":
        return [
          `Be gentle with yourself today: the sadness around ${name} shows how much something matters to you.`,
          `Sadness around ${name} asks for gentleness, not for answers.`,
        ];
      case "anger":
        return [
          `The anger around ${name} is worth listening to: it often marks a limit that was crossed or a need that went unmet.`,
        ];
      case "confusion":
        return [
          `Not understanding everything about ${name} is part of the dream's language: let it stay open a while.`,
        ];
      case "shame":
        return [
          `What you felt around ${name} deserves kindness rather than judgement: the dream shows it so you can look at it safely.`,
        ];
    }
  },
  combined: (names, description) => [
    `Seen together, ${names} say more: ${description}`,
    `Taken as a pair, ${names} tell a single story: ${description}`,
  ],
  theme: (names, themeName, description) => [
    `Through ${names} runs one thread, ${themeName}: ${description}`,
    `What ties ${names} together is ${themeName}: ${description}`,
  ],

  lastDreams: { one: "your last dream", other: "your last # dreams" },
  recurringImage: (name, plural, count, lastDreams, recent) =>
    recent === 1
      ? [
          `${capitalise(name)} also appeared in ${lastDreams}.`,
          `Back in ${lastDreams}, ${name} appeared too.`,
        ]
      : [
          `${capitalise(name)} ${plural ? "have" : "has"} appeared in ${count} of ${lastDreams}.`,
          `In your journal, ${name} ${plural ? "have" : "has"} come up in ${count} of ${lastDreams}.`,
        ],
  similarDream: (title, date, shared) => [
    `This dream echoes “${title}”, which you wrote down on ${date}: ${shared} return.`,
    `You have been here before: “${title}”, from ${date}, held ${shared} too.`,
  ],
  saysRecurring: (names) => [
    `You say this dream keeps coming back: a dream that returns with ${names} keeps a question open until it is heard.`,
  ],
  personalElsewhere: (name, meaning) => [
    `You once wrote that ${name} means ${meaning} to you; it is here too.`,
    `Your own meaning for ${name}, ${meaning}, belongs in this dream as well.`,
  ],

  thisDream: "this dream",
  journal: (names) => [
    `If you keep a dream journal, write down ${names} and the feeling they left, in your own words; in a week, read it again and notice what has changed, because your own associations are the surest key to these images.`,
  ],
  guidanceHeading: "Soul guidance",
  guidance: (lead, meaning, { turn, feeling, part, image, scene }) => {
    const felt = feeling ? `that ${feeling}` : null;
    if (scene && part) return enScene(scene, part, felt);
    switch (part) {
      case "undergoing":
        return [
          `In this dream ${image ?? "something"} acted on you and you could only take it: where in your waking life does something press on you like that, and what would answering it look like${felt ? `, rather than carrying ${felt}` : ""}?`,
          `In the dream you were on the receiving end of ${image ?? "something stronger than you"}${felt ? `, with ${felt}` : ""}: what in your days leaves you feeling that way, and what small step would give you back some say?`,
          `Ask yourself who or what plays the part of ${image ?? "that force"} in your life right now: the dream put you under it${felt ? `, with ${felt}` : ""}, and asks where you could push back.`,
        ];
      case "receiving":
        return [
          `In the dream, ${image ?? "someone"} gave you something and you were on the receiving end: what is being offered to you in your waking life, and do you let it reach you?`,
          `Ask yourself what in your days feels like ${image ?? "what you were given"} in this dream, something you receive${felt ? ` with ${felt}` : ""}, and whether you make room for it.`,
        ];
      case "doing":
        return [
          `In this dream it was you who acted${image ? `, with ${image}` : ""}${felt ? ` and ${felt}` : ""}: where in your waking life are you ready to act like that, and what still holds you back?`,
          `The dream gave you the move: ask yourself where in your days you could act as you did${image ? ` with ${image}` : ""}${felt ? `, and what ${felt} tells you about it` : ""}.`,
        ];
      case "watching":
        return [
          `In this dream you looked on${image ? ` at what happened to ${image}` : ""} rather than acting${felt ? `, with ${felt}` : ""}: what in your waking life are you watching from the side, and what does it ask of you?`,
          `You were a witness in this dream, not the one acting${felt ? `, with ${felt}` : ""}: ask yourself what you are watching unfold in your life right now, and what it asks of you.`,
        ];
    }
    if (image) {
      return [
        `The dream turned on ${image}${felt ? `, and on ${felt}` : ""}: where in your life right now do you meet something like it, and what part of it is yours to do something about?`,
        `Ask yourself what ${image} stands for in your days right now${felt ? `, and where ${felt} comes from` : ""}: that is the question this dream leaves you.`,
      ];
    }
    if (turn) {
      return [
        `Think back to the moment when ${turn}: where else in your waking life does ${felt ?? "what you felt"} rise?`,
        `Ask yourself today which part of your life feels like the moment when ${turn}, and what ${felt ?? "it"} wants from you.`,
      ];
    }
    if (feeling) {
      return [
        `The ${feeling} you felt when ${lead.clause} is the thread: where in your days does it come up too?`,
        `Before the day takes over, notice where the ${feeling} of the moment when ${lead.clause} meets you while awake.`,
        `Ask yourself today when you last felt the ${feeling} you felt when ${lead.clause}, and what the two moments share.`,
      ];
    }
    return [
      `Think of the moment when ${lead.clause}: which part of your days looks like it? Ask yourself where you meet ${meaning}.`,
      `Before the day takes over, go back to where ${lead.clause}, and ask where you meet ${meaning} while awake.`,
    ];
  },
  practice: (name, anchor, steps, { feeling, turn }) => {
    if (anchor) {
      return [
        `Because this dream gathers around ${anchor}, a practice for the coming days, ${name}: ${steps}.`,
        `For this week, try ${name}, thinking of ${anchor}: ${steps}.`,
      ];
    }
    if (feeling) {
      return [
        `For this week, try ${name} with the ${feeling} of this dream in mind: ${steps}.`,
        `A practice for the coming days, ${name}, starting from the ${feeling} of this dream: ${steps}.`,
      ];
    }
    if (turn) {
      return [
        `For this week, try ${name}, starting from the moment when ${turn}: ${steps}.`,
        `A practice for the coming days, ${name}, with the moment when ${turn} in view: ${steps}.`,
      ];
    }
    return [`For this week, try ${name}: ${steps}.`, `A practice for the coming days, ${name}: ${steps}.`];
  },
  category: (category, visitFromDead) => {
    switch (category) {
      case "lucid":
        return "You knew you were dreaming, a sign that your waking awareness is already reaching into the dream.";
      case "recurring":
        return "You marked this dream as recurring: a dream that returns keeps a question open until it is heard, and each return is a new chance to answer it.";
      case "nightmare":
        return "You called this a nightmare: the fear was real while it lasted, you are safe now, and what it points to can be met slowly and kindly.";
      case "light":
        return "The light tone you gave this dream matters: ease in a dream often mirrors something in you that is working.";
      case "dark":
        return "The dark tone you gave this dream shows a part of you asking to be seen and understood, not feared.";
      case "visitation":
        return visitFromDead
          ? "You felt this as a visit: someone who has died came close again, and what they gave you is still alive in you."
          : "You felt this as a visit: whoever came close in it, the dream brings their presence near and asks what it means to you now.";
      case "precognitive":
        return "Dreams that seem to foretell events do not say what will happen; they show how keenly you already perceive what is unfolding around you.";
    }
  },

  short: (names, gists, feeling) =>
    `Your dream turns on ${names}: ${gists}.${feeling ? ` What you felt most was ${feeling}.` : ""}`,
  shortDoneToYou: "something acting on you that you did not choose",
  shortOwnHarmed: "the fear of losing what you love",
  shortHarmWitnessed: "something that feels under threat",
  shortAimedAtYou: "something aimed at you from outside",
  unread: (moment, feelings) => {
    const held =
      moment && feelings
        ? `Your dream holds on to one moment, when ${moment}, and to the ${feelings} in it.`
        : moment
          ? `Your dream holds on to one moment: ${moment}.`
          : feelings
            ? `What this dream leaves you with is ${feelings}.`
            : "Even a dream that leaves few images behind is worth staying with.";
    const felt = feelings
      ? " That feeling is already part of its story: notice the moment it rose and the moment it eased."
      : "";
    return `${held}${felt} None of its images is one this reading knows yet, so rather than guess, it asks you for more: who was there, where you were, what changed, how it ended.`;
  },
  invitationGuidance:
    "To bring the dream back, close your eyes for a moment and walk through it again. Who was there with you, and what were they doing? Where were you: indoors or outside, somewhere you know or somewhere strange? What happened at the turning point, when something changed, and how did it end? What did you feel along the way? Small things help too: a colour, a sound, a smell, an object in someone's hand. Write it down soon, ideally right after waking: dreams fade within minutes, and details written early keep their edges. The reading grows with what you give it, since every person, place and moment you add is an image it can read.",
  reportMissing: "If you expected a symbol that was missed, you can report it.",
};

const es: Phrases = {
  and: "y",
  quote: (words) => `«${words}»`,
  aboutVerbs: [
    { one: "habla de", other: "hablan de" },
    { one: "señala", other: "señalan" },
    { one: "trae a la luz", other: "traen a la luz" },
    { one: "pone ante ti", other: "ponen ante ti" },
    { one: "apunta a", other: "apuntan a" },
    { one: "evoca", other: "evocan" },
    { one: "remite a", other: "remiten a" },
    { one: "gira en torno a", other: "giran en torno a" },
  ],
  copularVerbs: [
    { one: "es", other: "son" },
    { one: "funciona como", other: "funcionan como" },
    { one: "actúa como", other: "actúan como" },
    { one: "aparece como", other: "aparecen como" },
  ],
  join: (verb, meaning) => contractEs(`${verb} ${meaning}`),
  polish: (sentence) => contractEs(sentence),
  feelingName: (kind, intensity) => {
    const { noun, feminine } = ES_FEELINGS[kind];
    if (intensity >= 3) return `${feminine ? "una" : "un"} ${noun} ${feminine ? "intensa" : "intenso"}`;
    return `${feminine ? "la" : "el"} ${noun}`;
  },

  opening: (clauses) =>
    clauses.length === 1
      ? [
          `Tu sueño se reúne en torno a un momento: ${clauses[0]}.`,
          `Todo en este sueño conduce a un instante: ${clauses[0]}.`,
          `Una escena sostiene este sueño: ${clauses[0]}.`,
          `En el centro de tu sueño hay un momento: ${clauses[0]}.`,
        ]
      : [
          `Tu sueño avanza así: ${listOf(clauses, ["luego", "después", "más tarde"], " y, al final, ", OWN_STEP.es)}.`,
          `Sigue el hilo de tu sueño: primero ${listOf(clauses, ["después", "luego", "más tarde"], " y, por último, ", OWN_STEP.es)}.`,
          `Este es el camino que recorre tu sueño: ${listOf(clauses, ["luego", "más tarde", "después"], " y, al cierre, ", OWN_STEP.es)}.`,
          `Tu sueño cuenta su historia por pasos: ${listOf(clauses, ["más tarde", "luego", "después"], " y, finalmente, ", OWN_STEP.es)}.`,
          `Todo sucede en orden: ${listOf(clauses, ["después", "más tarde", "luego"], " y, para terminar, ", OWN_STEP.es)}.`,
        ],
  turn: (moment, feeling) => {
    const that = feeling ? esThat(feeling) : null;
    return [
      `El giro llega cuando ${moment}: ${that ?? "ese instante"} es donde está el mensaje del sueño.`,
      `Todo se decide en el momento en que ${moment}; ${that ?? "lo que despertó en ti"} es lo que el sueño te pide mirar.`,
      `El instante más cargado es cuando ${moment}: mira ahí primero${that ? `, y a ${that}` : ""}, porque ahí está el mensaje del sueño.`,
    ];
  },
  feeling: (feelings, words, many) => [
    `Lo que más sentiste ${many ? "fueron" : "fue"} ${feelings}${words}.`,
    many
      ? `Los sentimientos que lo recorren todo son ${feelings}${words}.`
      : `El sentimiento que lo recorre todo es ${feelings}${words}.`,
    `Sobre todo se ${many ? "sienten" : "siente"} ${feelings}${words}.`,
  ],
  image: (image, verbAndMeaning, { at, lead, feeling, scene }) => {
    const named = `${image.name} ${verbAndMeaning}`;
    // Leída por lo que le pasó en este sueño: «El lobo con el que te encontraste al final señala…».
    if (image.told) {
      const told = capitalise(image.told);
      const same = feeling ? esSame(feeling) : null;
      return [
        `${told} ${verbAndMeaning}.`,
        ...(at === "linked" && same ? [`${told}, dentro de ${same}, ${verbAndMeaning}.`] : []),
        ...(at === "linked" && lead ? [`${told}, junto a ${lead}, ${verbAndMeaning}.`] : []),
      ];
    }
    if (scene) return [`Cuando ${scene}, ${named}.`, `En el momento en que ${scene}, ${named}.`];
    switch (at) {
      case "only":
        return [`En el corazón del sueño, ${named}.`, `En este sueño, ${named}.`];
      case "turn":
        return [
          `En ese momento decisivo, ${named}.`,
          `En pleno giro del sueño, ${named}.`,
          `Justo en ese instante, ${named}.`,
        ];
      case "first":
        return [
          `Al principio, ${named}.`,
          `Para empezar, ${named}.`,
          `Abriendo el sueño, ${named}.`,
          `Primero, ${named}.`,
        ];
      case "linked": {
        // Leída en relación con la primera imagen, no como la entrada siguiente de una lista.
        const same = feeling ? esSame(feeling) : null;
        return [
          ...(same
            ? [`Dentro de ${same}, ${named}.`, `Con ${same} de fondo, ${named}.`, `Bajo ${same}, ${named}.`]
            : []),
          ...(lead
            ? [
                `Junto a ${lead}, ${named}.`,
                `Al lado de ${lead}, ${named}.`,
                `En torno a ${lead}, ${named}.`,
                `Cerca de ${lead}, ${named}.`,
              ]
            : [
                `En el mismo sueño, ${named}.`,
                `Dentro de la misma historia, ${named}.`,
                `En esa misma escena, ${named}.`,
                `No lejos de ahí, ${named}.`,
              ]),
        ];
      }
    }
  },
  inDream: esInDream,
  appeared: (plural, action) => (action ? "ocurrió" : plural ? "aparecieron" : "apareció"),
  turnAgain: "el sueño dio su giro",
  strained: (image, gist, feeling) => {
    const that = feeling ? esThat(feeling) : null;
    const [would, comes, speaks, brings] = image.plural
      ? ["hablarían", "llegan", "hablan", "traen"]
      : ["hablaría", "llega", "habla", "trae"];
    if (image.told) {
      return [
        `${capitalise(image.told)} ${would} de ${gist}; aquí ${comes} con ${that ?? "una amenaza"}, y entonces ${speaks} de ${gist} bajo presión o fuera de tu alcance.`,
      ];
    }
    return [
      `${capitalise(image.name)} ${would} de ${gist}; aquí, cuando ${image.clause}, ${comes} con ${that ?? "una amenaza"}, y entonces ${speaks} de ${gist} bajo presión o fuera de tu alcance.`,
      `Cuando ${image.clause}, ${image.name} no ${brings} ${gist} como en otros sueños: ${that ?? "la tensión"} a su alrededor muestra ${gist} que se siente en peligro.`,
    ];
  },
  unspokenMeaning: "lo que despierta en ti",
  personal: (image, meaning) => [
    `Para ti, ${image.name} ${image.plural ? "significan" : "significa"} ${meaning}.`,
    `En tus propias palabras, ${image.name} ${image.plural ? "son" : "es"} ${meaning}.`,
  ],
  beyondPersonal: (image, verbAndMeaning) => [
    `Más allá de eso, ${image.name} ${verbAndMeaning}.`,
    `Junto a tu propio significado, ${image.name} ${verbAndMeaning}.`,
  ],
  doneToYou: (image) => [
    `Cuando ${image.clause}, eso te ocurría a ti, no lo hacías tú: léelo como algo de tu vida que te consume o te sobrepasa, no como algo que eliges.`,
    `Fíjate en que ${image.clause}: te pasaba a ti, no era obra tuya, así que señala algo que se lleva de ti más de lo que quieres dar.`,
  ],
  aimedAtYou: (image) => [
    `Cuando ${image.clause}, eso venía hacia ti, no salía de ti: fíjate en cómo se sintió recibirlo y en dónde te llega algo parecido en tu vida despierta.`,
    `Fíjate en que ${image.clause}: iba dirigido a ti, no lo hacías tú, así que el sueño pregunta cómo recibes lo que te llega de los demás.`,
  ],
  againstYou: (image, meaning) => [
    `${capitalise(image.name)} ${image.plural ? "fueron" : "fue"} contra ti, así que su sentido se lee primero por el lado que amenaza: ${meaning}, pero como algo que se ha vuelto contra ti y no está de tu parte.`,
    `Puesto que ${image.clause}, ${image.name} ${image.plural ? "muestran" : "muestra"} su cara amenazante: ${meaning}, y eso se vive como algo que se ha vuelto contra ti.`,
  ],
  actsOnYou: (image, force) => {
    switch (force) {
      case "force":
        return [
          `Como ${image.clause}, es una fuerza que te presiona, no una que tú manejas.`,
          `Ya que ${image.clause}, la imagen muestra algo que actúa sobre ti, no algo que tú diriges.`,
        ];
      case "care":
        return [
          `Como ${image.clause}, es algo que recibes: fíjate en cómo se sintió acogerlo y en qué dejas entrar en ti.`,
          `Ya que ${image.clause}, el sueño te muestra recibiendo; pregúntate qué dejas entrar y si te hace bien.`,
        ];
      default:
        return [
          `Como ${image.clause}, esta imagen actúa sobre ti y no al revés: fíjate en si lo viviste como cuidado o como presión.`,
          `Ya que ${image.clause}, el movimiento llega de fuera; pregúntate si lo sentiste como apoyo o como empuje.`,
        ];
    }
  },
  ownReal: (image, person, aboutMeaning, against) => {
    // Alguien propio que fue contra ti habla de una tensión entre ambos, no del vínculo cálido.
    const bond = against
      ? "una tensión en el vínculo tal como está hoy, algo entre ambos que se siente vuelto contra ti"
      : person
        ? "la relación que vives hoy"
        : "el vínculo que compartes";
    const is = image.plural ? "forman" : "forma";
    return [
      `${capitalise(image.name)} ${is} parte de tu vida real: cuando ${image.clause}, el sueño puede hablar de ${bond} y, solo después, ${es.join("de", aboutMeaning)}.`,
      `Antes que un símbolo, ${image.name} ${is} parte de tu vida real, y cuando ${image.clause} el sueño puede tratar de ${bond}; solo después, ${es.join("de", aboutMeaning)}.`,
    ];
  },
  ownHarmed: (image, person) => [
    `Ver sufrir a ${image.name} habla sobre todo del miedo a perder ${person ? "a alguien" : "a un animal"} que quieres y de cuánto te importa ese vínculo.`,
    `Cuando ${image.clause}, el sueño da voz al miedo a perder lo que amas: una señal de cuánto te ${image.plural ? "importan" : "importa"} ${image.name}.`,
  ],
  harmToOwn: (action, own) => [
    `Aquí ${action} pertenece a ese miedo a perder a ${own.name}, no a un deseo tuyo: muestra cuánto te importa.`,
    `En este sueño, ${action} es la forma que toma tu miedo por ${own.name}, no algo que quieras.`,
  ],
  harmWitnessed: (action, image) => [
    `Cuando ${image.clause}, ${action} ocurría a tu alrededor, no por tu mano: señala algo de tu vida que ahora se siente amenazado o frágil.`,
    `Desde donde estabas, ${action} no era obra tuya: cuando ${image.clause}, el sueño muestra algo que te importa y que se siente expuesto.`,
  ],
  visit: (image, aboutMeaning) => [
    `${capitalise(image.name)}, que ya ${image.plural ? "fallecieron" : "falleció"}, ${image.plural ? "vuelven" : "vuelve"} aquí como visita y como recuerdo: cuando ${image.clause}, el vínculo sigue vivo en ti, y la imagen habla también ${es.join("de", aboutMeaning)}.`,
    `En este sueño, ${image.name}, que ya no ${image.plural ? "están" : "está"} en la vida despierta, ${image.plural ? "regresan" : "regresa"} como recuerdo y visita: cuando ${image.clause}, lo compartido sigue obrando en ti, junto ${es.join("a", aboutMeaning)}.`,
  ],
  celebrity: (name, aboutMeaning) => [
    `${name} aparece en tu sueño por lo que ves en esa persona: ${aboutMeaning}.`,
    `De ${name} importa aquí lo que admiras o notas en esa persona: ${aboutMeaning}.`,
  ],
  contestedFigure: (name) => [
    `${name} aparece por lo que esa persona representa a tus ojos, para bien o para mal: fíjate en qué cualidad, poder o temor despierta en ti ese nombre.`,
    `De ${name} importa aquí lo que ese nombre despierta en ti, para bien o para mal: una cualidad, un poder o un temor propios.`,
  ],
  insight: (name, insight) => [
    `Pensando en ${name}: ${insight}`,
    `Sobre ${name}, una pregunta para quedarte con ella: ${insight}`,
    `Con ${name} en mente: ${insight}`,
  ],

  nightmare: (name) => [
    `Esto fue una pesadilla, y es normal que ${name} te acompañe al despertar; nada de lo que había en ella puede hacerte daño ahora.`,
    `Una pesadilla así puede sacudirte, y es comprensible: ahora estás a salvo y puedes mirar ${name} despacio.`,
  ],
  tone: (mood, name) => {
    switch (mood) {
      case "steadying":
        return [
          `El miedo pertenecía al sueño: puedes acercarte poco a poco, a tu ritmo, a lo que señala ${name}.`,
          `Respira antes de seguir: lo que te inquietó cerca de ${name} era el sueño pidiendo tu atención, no un peligro presente.`,
        ];
      case "affirming":
        return [
          `Deja que cuente lo bueno que sentiste con ${name}: muestra algo en ti que ya está vivo y sano.`,
          `La calidez que sentiste con ${name} forma parte del mensaje: algo en ti está funcionando.`,
        ];
      case "gentle":
        return [
          `Trátate con suavidad hoy: la tristeza en torno a ${name} muestra cuánto te importa algo.`,
          `La tristeza en torno a ${name} pide ternura, no respuestas.`,
        ];
      case "anger":
        return [
          `Vale la pena escuchar la rabia en torno a ${name}: a menudo marca un límite que se cruzó o una necesidad sin atender.`,
        ];
      case "confusion":
        return [
          `No entenderlo todo sobre ${name} forma parte del lenguaje del sueño: deja que siga abierto un tiempo.`,
        ];
      case "shame":
        return [
          `Lo que sentiste en torno a ${name} merece amabilidad, no juicio: el sueño te lo muestra para que puedas mirarlo a salvo.`,
        ];
    }
  },
  combined: (names, description) => [
    `Vistos en conjunto, ${names} dicen algo más: ${description}`,
    `Juntos, ${names} cuentan una sola historia: ${description}`,
  ],
  theme: (names, themeName, description) => [
    `Por ${names} pasa un mismo hilo, ${themeName}: ${description}`,
    `Lo que tienen en común ${names} es ${themeName}: ${description}`,
  ],

  lastDreams: { one: "tu último sueño", other: "tus últimos # sueños" },
  recurringImage: (name, plural, count, lastDreams, recent) =>
    recent === 1
      ? [
          `${capitalise(name)} también ${plural ? "aparecieron" : "apareció"} en ${lastDreams}.`,
          `También en ${lastDreams} ${plural ? "aparecieron" : "apareció"} ${name}.`,
        ]
      : [
          `${capitalise(name)} ${plural ? "han" : "ha"} aparecido en ${count} de ${lastDreams}.`,
          `En tu diario, ${name} ${plural ? "han" : "ha"} salido en ${count} de ${lastDreams}.`,
        ],
  similarDream: (title, date, shared) => [
    `Este sueño recuerda a «${title}», que anotaste el ${date}: vuelven ${shared}.`,
    `Ya estuviste aquí antes: «${title}», del ${date}, también traía ${shared}.`,
  ],
  saysRecurring: (names) => [
    `Dices que este sueño vuelve una y otra vez: un sueño que regresa con ${names} mantiene abierta una pregunta hasta que se escucha.`,
  ],
  personalElsewhere: (name, meaning) => [
    `Una vez escribiste que ${name} significa para ti ${meaning}; también está aquí.`,
    `Tu propio significado de ${name}, ${meaning}, también pertenece a este sueño.`,
  ],

  thisDream: "este sueño",
  journal: (names) => [
    `Si llevas un diario de sueños, anota ${names} y la sensación que te dejaron, con tus propias palabras; dentro de una semana, vuelve a leerlo y fíjate en qué ha cambiado, porque tus propias asociaciones son la llave más segura de estas imágenes.`,
  ],
  guidanceHeading: "Guía del alma",
  guidance: (lead, meaning, { turn, feeling, part, image, scene }) => {
    const that = feeling ? esThat(feeling) : null;
    if (scene && part) return esScene(scene, part, that);
    switch (part) {
      case "undergoing":
        return [
          `En este sueño, ${image ?? "algo"} actuaba sobre ti y solo podías aguantarlo: ¿dónde te presiona algo así en tu vida despierta, y qué haría falta para responderle${that ? ` en lugar de cargar con ${that}` : ""}?`,
          `En el sueño estabas del lado que recibe${image ? ` lo que hacía ${image}` : " el golpe"}${that ? `, con ${that}` : ""}: ¿qué te deja así en tus días, y qué paso pequeño te devolvería algo de voz?`,
          `Pregúntate quién o qué hace hoy en tu vida el papel de ${image ?? "aquello que te sobrepasaba"}: el sueño te puso debajo${that ? `, con ${that}` : ""}, y te pregunta dónde podrías plantarte.`,
        ];
      case "receiving":
        return [
          `En el sueño, ${image ?? "alguien"} te daba algo y el sueño te muestra recibiendo: ¿qué se te ofrece en tu vida despierta, y lo dejas llegar?`,
          `Pregúntate qué se parece en tus días a ${image ?? "lo que recibiste"} en este sueño, algo que recibes${that ? ` con ${that}` : ""}, y si le haces sitio.`,
        ];
      case "doing":
        return [
          `En este sueño eras tú quien actuaba${image ? `, con ${image}` : ""}${that ? ` y ${that}` : ""}: ¿dónde estás en condiciones de actuar así en tu vida despierta, y qué te frena todavía?`,
          `El sueño te dio a ti el movimiento: pregúntate dónde podrías actuar en tus días como lo hiciste${image ? ` con ${image}` : ""}${that ? `, y qué te dice ${that}` : ""}.`,
        ];
      case "watching":
        return [
          `En este sueño mirabas${image ? ` lo que le pasaba a ${image}` : " lo que pasaba"} sin ser quien actuaba${that ? `, con ${that}` : ""}: ¿qué estás mirando desde fuera en tu vida despierta, y qué te pide?`,
          `Fuiste testigo en este sueño, no protagonista${that ? `, con ${that}` : ""}: pregúntate qué ves desarrollarse hoy en tu vida y qué te pide.`,
        ];
    }
    if (image) {
      return [
        `El sueño giró en torno a ${image}${that ? ` y a ${that}` : ""}: ¿dónde te encuentras hoy con algo parecido, y qué parte está en tu mano?`,
        `Pregúntate qué representa ${image} en tus días${that ? `, y de dónde viene ${that}` : ""}: esa es la pregunta que te deja este sueño.`,
      ];
    }
    if (turn) {
      return [
        `Vuelve al momento en que ${turn}: ¿en qué parte de tu vida despierta surge ${that ?? "lo que sentiste"}?`,
        `Pregúntate hoy qué parte de tu vida se parece al momento en que ${turn}, y qué te pide ${that ?? "ese momento"}.`,
      ];
    }
    if (that) {
      return [
        `${capitalise(that)} que sentiste cuando ${lead.clause} es el hilo: ¿dónde aparece también en tus días?`,
        `Antes de que el día te absorba, fíjate dónde te sale al paso ${that} del momento en que ${lead.clause}.`,
        `Pregúntate hoy cuándo sentiste por última vez ${that} de cuando ${lead.clause}, y qué comparten los dos momentos.`,
      ];
    }
    return [
      `Piensa en el momento en que ${lead.clause}: ¿qué parte de tus días se le parece? Pregúntate dónde te encuentras con ${meaning}.`,
      `Antes de que el día te absorba, vuelve a cuando ${lead.clause} y pregúntate dónde te encuentras con ${meaning} en tu vida despierta.`,
    ];
  },
  practice: (name, anchor, steps, { feeling, turn }) => {
    if (anchor) {
      return [
        `Como este sueño gira en torno a ${anchor}, una práctica para los próximos días, «${name}»: ${steps}.`,
        `Para esta semana, prueba «${name}» pensando en ${anchor}: ${steps}.`,
      ];
    }
    if (feeling) {
      return [
        `Para esta semana, prueba «${name}» pensando en ${esThat(feeling)} de este sueño: ${steps}.`,
        `Una práctica para los próximos días, «${name}», a partir de ${esThat(feeling)} de este sueño: ${steps}.`,
      ];
    }
    if (turn) {
      return [
        `Para esta semana, prueba «${name}» a partir del momento en que ${turn}: ${steps}.`,
        `Una práctica para los próximos días, «${name}», pensando en el momento en que ${turn}: ${steps}.`,
      ];
    }
    return [
      `Para esta semana, prueba «${name}»: ${steps}.`,
      `Una práctica para los próximos días, «${name}»: ${steps}.`,
    ];
  },
  category: (category, visitFromDead) => {
    switch (category) {
      case "lucid":
        return "Sabías que estabas soñando: una señal de que tu conciencia despierta ya se adentra en el sueño.";
      case "recurring":
        return "Marcaste este sueño como recurrente: un sueño que vuelve mantiene abierta una pregunta hasta que se escucha, y cada regreso es una nueva ocasión de responderla.";
      case "nightmare":
        return "Lo llamaste pesadilla: el miedo fue real mientras duró, ahora estás a salvo, y aquello que señala puede mirarse despacio y con cariño.";
      case "light":
        return "El tono luminoso que le diste a este sueño importa: la ligereza en un sueño suele reflejar algo en ti que funciona.";
      case "dark":
        return "El tono oscuro que le diste a este sueño muestra una parte de ti que pide ser vista y comprendida, no temida.";
      case "visitation":
        return visitFromDead
          ? "Lo viviste como una visita: alguien que ya falleció volvió a acercarse, y lo que te dio sigue vivo en ti."
          : "Lo viviste como una visita: sea quien sea quien se acercó, el sueño trae su presencia y te pregunta qué significa para ti ahora.";
      case "precognitive":
        return "Los sueños que parecen anunciar hechos no dicen lo que va a pasar: muestran con cuánta agudeza percibes ya lo que se está gestando a tu alrededor.";
    }
  },

  short: (names, gists, feeling) =>
    `Tu sueño gira en torno a ${names}: ${gists}.${feeling ? ` Lo que más sentiste fue ${feeling}.` : ""}`,
  shortDoneToYou: "algo que actúa sobre ti sin que lo elijas",
  shortOwnHarmed: "el miedo a perder lo que amas",
  shortHarmWitnessed: "algo que se siente amenazado",
  shortAimedAtYou: "algo que te llega de fuera",
  unread: (moment, feelings) => {
    const held =
      moment && feelings
        ? `Tu sueño se queda con un momento, cuando ${moment}, y con lo que sentiste en él: ${feelings}.`
        : moment
          ? `Tu sueño se queda con un momento: ${moment}.`
          : feelings
            ? `Lo que este sueño te deja es lo que sentiste: ${feelings}.`
            : "Incluso un sueño que deja pocas imágenes merece que te detengas en él.";
    const felt = feelings
      ? " Ese sentir ya forma parte de su historia: fíjate en cuándo apareció y cuándo se calmó."
      : "";
    return `${held}${felt} Ninguna de sus imágenes es todavía una que esta lectura conozca, así que, en lugar de adivinar, te pide un poco más: quién estaba, dónde estabas, qué cambió y cómo terminó.`;
  },
  invitationGuidance:
    "Para recuperar el sueño, cierra los ojos un momento y recórrelo otra vez. ¿Quién estaba contigo y qué hacía? ¿Dónde estabas: dentro o fuera, en un sitio conocido o extraño? ¿Qué pasó en el momento en que algo cambió, y cómo terminó? ¿Qué sentiste a lo largo del sueño? Hasta lo pequeño ayuda: un color, un sonido, un olor, un objeto en la mano de alguien. Escríbelo pronto, mejor al despertar: los sueños se borran en minutos y lo anotado enseguida conserva sus detalles. La lectura crece con lo que le das, porque cada persona, lugar y momento que añades es una imagen que puede leer.",
  reportMissing: "Si esperabas un símbolo que no aparece, puedes avisarnos.",
};

export const PHRASES: Record<Language, Phrases> = { en, es };

// --- A dream of mass or graphic violence (safety.violence, no care kind) -----------------------------------

/**
 * The words of a reading about a massacre, a shooting or a war with its dead that takes no care path: the
 * shock acknowledged first, said plainly not to be a prediction, and its blood and deaths read as the shock
 * of the scene, never as warmth or renewal.
 */
export interface ViolencePhrases {
  /** Opens the images' part: a sentence that acknowledges the shock, then one that says it is no prediction. */
  steadying: readonly string[];
  /** `names`: the blood, the deaths of the scene, joined ("the blood and death"); `plural`: they are several. */
  shock(names: string, plural: boolean): string[];
  /** What such an image speaks of in the short version and the guidance. */
  shortShock: string;
  /** Said at the end of the short version. */
  shortNote: string;
}

export const VIOLENCE_PHRASES: Record<Language, ViolencePhrases> = {
  en: {
    steadying: [
      "What this dream showed you is hard to witness, and it makes sense that it shook you. A dream like this is not a prediction: such dreams often carry the news you have taken in, a fear, or a strain you are living with.",
      "Violence on this scale is hard to take in, even asleep, and being shaken by it is a natural response. Dreams like this are not predictions; they often carry news that reached you, a fear, or a strain you have been holding.",
      "A scene like this can stay with you after waking, so take a slow breath before reading on. This dream is not a prediction of anything: dreams of this kind usually carry news you have absorbed, fear, or strain.",
    ],
    shock: (names, plural) => [
      `In a scene like this there is no hidden message to decode in ${names}: ${plural ? "they belong" : "it belongs"} to the shock of what you witnessed and to the fear it left.`,
      `Nothing in ${names} needs decoding here: ${plural ? "they are" : "it is"} part of the violence you saw, and what matters is how it left you.`,
    ],
    shortShock: "the shock of what you saw, not of a hidden message",
    shortNote: "A dream like this is not a prediction.",
  },
  es: {
    steadying: [
      "Lo que viste en este sueño es duro de ver, y es natural que te haya sacudido. Los sueños así no son predicciones: suelen traer noticias que te llegaron, un miedo o una tensión que estás viviendo.",
      "Presenciar una violencia así estremece, aunque sea en un sueño, y que te haya removido es una respuesta natural. Un sueño como este no es una predicción: suele cargar noticias que recibiste, miedo o una tensión que llevas encima.",
      "Una escena así puede acompañarte después de despertar, así que respira despacio antes de seguir. Este sueño no es una predicción de nada: los sueños de este tipo suelen traer noticias, miedo o tensión.",
    ],
    shock: (names, plural) => [
      `En una escena así no hace falta buscar un mensaje escondido en ${names}: ${plural ? "forman" : "forma"} parte del impacto de lo que presenciaste y del miedo que dejó.`,
      `Aquí no hay nada que descifrar en ${names}: ${plural ? "pertenecen" : "pertenece"} a la violencia que viste, y lo que importa es cómo te dejó.`,
    ],
    shortShock: "el impacto de lo que viste, no de un mensaje oculto",
    shortNote: "Un sueño así no es una predicción.",
  },
};
