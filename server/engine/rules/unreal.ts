import type { Language } from "../morphology";
import type { Token } from "../text";
import * as shared from "./words";

// Bound once: the module loader reads imports through getters, and these run for every word of every dream.
const { EN_BE, EN_BELIEVING, EN_POSSESSIVES, EN_SUBJECTS, ES_BELIEVING, ES_CLITICS, anyIn, before } = shared;

/**
 * Acts that did not happen: only wanted, planned, feared, believed, asked for or hypothetical ("wanted to
 * dance", "me pidió que bailara", "I thought I had killed him", "If I fell..."), and quoted orders.
 */

// --- Actions not done -----------------------------------------------------------------------------------

/** "would" and "will", with their contractions: the modals of acts that have not happened. */
const EN_WOULD = ["would", "i'd", "he'd", "she'd", "they'd", "we'd", "you'd"];
const EN_WILL = ["will", "i'll", "he'll", "she'll", "they'll", "we'll", "you'll"];

const EN_UNREAL = new Set([
  ...EN_WILL,
  ...EN_WOULD,
  "might",
  "considered",
  "considering",
  "almost",
  "nearly",
  "if",
  "wish",
  "wished",
]);
/** "wanted to dance", "going to die", "about to kiss": the word before "to" makes it unreal. */
const EN_BEFORE_TO = new Set([
  "want",
  "wants",
  "wanted",
  "wanting",
  "going",
  "gonna",
  "about",
  "plan",
  "planned",
  "planning",
  "hope",
  "hoped",
  "hoping",
  "refused",
  "decided",
  "pretend",
  "pretended",
  "pretending",
  "supposed",
  "threatened",
  "threatening",
  "threatens",
  "threaten",
  "beg",
  "begged",
  "begging",
  "like",
  "love",
  "need",
  "needed",
  "wish",
  "wished",
  // "dying to get out of there"
  "dying",
  // purpose: "the dog is sent to attack", "trained to kill"
  "sent",
  "trained",
  "meant",
]);
/** "asked me to dance", "trying to get us to bake": someone is asked or made to act; the act is not told. */
const EN_REQUESTERS = new Set([
  "ask",
  "asks",
  "asked",
  "asking",
  "tell",
  "tells",
  "told",
  "telling",
  "get",
  "gets",
  "getting",
  "want",
  "wants",
  "wanted",
  "wanting",
  "beg",
  "begs",
  "begged",
  "begging",
  "invite",
  "invites",
  "invited",
  "inviting",
  "urge",
  "urged",
  "urging",
  "order",
  "ordered",
  "ordering",
  "expect",
  "expected",
  "expecting",
  "need",
  "needed",
  "persuade",
  "convince",
  "challenged",
  "dared",
]);
const EN_OBJECTS = new Set([
  "me",
  "us",
  "him",
  "her",
  "them",
  "you",
  "everyone",
  "everybody",
  "someone",
  "somebody",
]);
/** "she said she was going on a trip": a plan told by someone, not a trip taken. */
const EN_REPORTING = new Set([
  "said",
  "says",
  "say",
  "told",
  "tells",
  "mentioned",
  "announced",
  "explained",
  "saying",
  "telling",
]);
const ES_UNREAL = new Set(["casi", "si", "quiza", "quizas", "ojala"]);
/** "me pidió que bailara", "quería que corriéramos": an act asked or wished for in the subjunctive. */
const ES_REQUESTERS = new Set([
  "pidio",
  "pedia",
  "pide",
  "piden",
  "pedian",
  "pidieron",
  "pedi",
  "pido",
  "pediamos",
  "pidiendo",
  "queria",
  "quiere",
  "querian",
  "quieren",
  "quiero",
  "quise",
  "quisieron",
  "quisiera",
  "rogo",
  "rogaba",
  "ruega",
  "suplico",
  "suplicaba",
  "suplica",
  "exigio",
  "exigia",
  "exige",
  "ordeno",
  "ordenaba",
  "ordena",
  "insistia",
  "insistio",
]);
const ES_REPORTING = new Set([
  "dijo",
  "decia",
  "dice",
  "dicen",
  "dijeron",
  "decian",
  "conto",
  "contaba",
  "cuenta",
  "comento",
  "comentaba",
  "aviso",
  "avisaba",
  "anuncio",
  "anunciaba",
  "explico",
  "explicaba",
]);
const ES_GOING_PLAN = new Set(["iba", "iban", "ibamos", "va", "van", "vamos", "voy", "vas"]);

/** The hit and the words before it in its clause, nearest first. */
function withPrevious(tokens: readonly Token[], index: number, count: number): string[] {
  return [tokens[index]?.norm ?? "", ...before(tokens, index, count)];
}

/** "she said she was going on a trip", "me dijo que se iba de viaje": a plan reported, not an act seen. */
function reportedPlan(tokens: readonly Token[], index: number, language: Language): boolean {
  const words = withPrevious(tokens, index, 7);
  if (language === "en") {
    let going = words.indexOf("going");
    const leaving = words.indexOf("leaving");
    if (going < 0 || (leaving >= 0 && leaving < going)) going = leaving;
    if (going < 0 || !EN_BE.has(words[going + 1] ?? "")) return false;
    return anyIn(words, EN_REPORTING, going + 2, going + 5);
  }
  let going = 0;
  while (going < words.length && !ES_GOING_PLAN.has(words[going] ?? "")) going++;
  if (going === words.length) return false;
  let k = going + 1;
  while (k < words.length && ES_CLITICS.has(words[k] ?? "")) k++;
  if (words[k] !== "que") return false;
  k++;
  while (k < words.length && ES_CLITICS.has(words[k] ?? "")) k++;
  return ES_REPORTING.has(words[k] ?? "");
}
const ES_STARTING = /^(poner|echar|empezar|comenzar|largar)(me|te|se|nos)?$/;
const ES_INFINITIVE = /^[a-zñ]{2,}(ar|er|ir)(me|te|se|nos|lo|la|le)?$/;
const ES_PAST_SUBJUNCTIVE = /(ara|aras|aran|áramos|iera|ieras|ieran|iéramos|ase|ases|asen|iese|ieses|iesen)$/;
const ES_TELLING = new Set([
  "dijo",
  "decia",
  "dice",
  "dijeron",
  "decian",
  "grito",
  "gritaba",
  "gritaron",
  "ordeno",
]);
const ES_WANTING = new Set([
  "queremos",
  "quieres",
  "queres",
  "quisieras",
  "queria",
  "quise",
  "quiero",
  "quisiera",
  "queriamos",
  "quisimos",
  "querian",
  "quieren",
  "quiere",
  "pensaba",
  "planeaba",
]);
const ES_GOING = new Set(["iba", "iban", "ibamos", "voy", "vas", "va", "vamos", "van", "fuera", "fueran"]);

const EN_COUNTERFACTUAL = new Set(["could", "should", "would", "might", "could've", "should've", "would've"]);
const ES_PERFECT = new Set(["habia", "habian", "habiamos", "hubiera", "hubieran"]);

/**
 * "I thought I had killed him, but...", "my family thought I ran away", "creí que lo había matado": the act
 * is only believed by someone in the dream, not told as having happened.
 */
function believedAction(previous: readonly string[], language: Language): boolean {
  let k = 0;
  if (language === "en") {
    if (previous[k] === "had" || previous[k] === "'d") k++;
    if (!EN_SUBJECTS.has(previous[k] ?? "")) return false;
    k++;
    if (previous[k] === "that") k++;
    return EN_BELIEVING.has(previous[k] ?? "");
  }
  while (ES_CLITICS.has(previous[k] ?? "") || ES_PERFECT.has(previous[k] ?? "")) k++;
  if (previous[k] !== "que") return false;
  return ES_BELIEVING.has(previous[k + 1] ?? "");
}

/**
 * "threatens to kill one man, then the next, by shooting each": the means of an act that is only threatened,
 * wanted or planned is not done either. Looks back to the start of the sentence, across commas.
 */
function meansOfUnrealAct(tokens: readonly Token[], index: number): boolean {
  if (tokens[index - 1]?.norm !== "by" || tokens[index]?.breakBefore) return false;
  for (let k = index - 2; k >= 1 && k >= index - 16; k--) {
    if (tokens[k]?.norm === "to" && EN_BEFORE_TO.has(tokens[k - 1]?.norm ?? "")) return true;
    if (tokens[k]?.sentenceStart) return false;
  }
  return false;
}

const CONDITIONAL_OPENERS = new Set(["if", "si", "suppose", "supposing", "imagine", "imagina", "supongamos"]);

/**
 * A sentence that opens with a condition ("If I fell, I would die", "Si me caigo, me muero") or a worst
 * case ("En el peor de los casos, se caen todos"): its acts are hypothetical. Scans back to the sentence's
 * start, across commas.
 */
function hypotheticalSentence(tokens: readonly Token[], index: number): boolean {
  for (let k = index - 1; k >= 0 && k >= index - 24; k--) {
    const word = tokens[k]?.norm ?? "";
    if (word === "case" && tokens[k - 1]?.norm === "worst") return true;
    if (word === "casos" && tokens[k - 2]?.norm === "de" && tokens[k - 3]?.norm === "peor") return true;
    if (tokens[k]?.sentenceStart) return CONDITIONAL_OPENERS.has(word);
  }
  return false;
}

const EN_HABITUAL = new Set(["always", "usually", "often", "sometimes", "constantly"]);
const EN_HABIT_MODALS = new Set(EN_WOULD);

/** "As a kid I'd always get lost", "he would often yell": a habit in the past, which did happen. */
function habitual(previous: readonly string[]): boolean {
  return EN_HABITUAL.has(previous[0] ?? "") && EN_HABIT_MODALS.has(previous[1] ?? "");
}

const EN_DETERMINERS_BEFORE_NOUN = new Set(["a", "an", "the", "this", "that", ...EN_POSSESSIVES]);

/** Pronouns before a verb; before a noun, "la", "los"... are its article ("iba a la boda"). */
const ES_OBJECT_PRONOUNS = new Set(["me", "te", "se", "nos", "os", "le", "les"]);

export function unrealAction(
  tokens: readonly Token[],
  index: number,
  language: Language,
  noun = false,
): boolean {
  const previous = before(tokens, index, 6);
  if (believedAction(previous, language)) return true;
  if (hypotheticalSentence(tokens, index)) return true;
  if (language === "en") {
    if (meansOfUnrealAct(tokens, index)) return true;
    // "I could have killed him", "he could have been bitten": what might have been, not what was.
    const have = previous[0] === "been" ? 1 : 0;
    if (previous[have] === "have" && EN_COUNTERFACTUAL.has(previous[have + 1] ?? "")) return true;
    // "there was no time to eat", "it was time to leave"
    if (previous[0] === "to" && previous[1] === "time") return true;
    if (anyIn(previous, EN_UNREAL, 0, 3) && !habitual(previous)) return true;
    // "instead of running", "rather than fight"
    if (previous[0] === "of" && previous[1] === "instead") return true;
    if (previous[0] === "than" && previous[1] === "rather") return true;
    if (reportedPlan(tokens, index, language)) return true;
    const toIndex = previous.indexOf("to");
    if (toIndex < 0 || toIndex > 1) return false;
    // "we were going to a party", "heading to the wedding": a noun after "to a/the" is where, not what
    if (toIndex === 1 && EN_DETERMINERS_BEFORE_NOUN.has(previous[0] ?? "")) return false;
    if (EN_BEFORE_TO.has(previous[toIndex + 1] ?? "")) return true;
    return EN_OBJECTS.has(previous[toIndex + 1] ?? "") && EN_REQUESTERS.has(previous[toIndex + 2] ?? "");
  }
  let k = 0;
  const clitics = noun ? ES_OBJECT_PRONOUNS : ES_CLITICS;
  while (k < previous.length && clitics.has(previous[k] ?? "")) k++;
  const first = previous[k] ?? "";
  if (ES_WANTING.has(first)) return true;
  // "quería salir corriendo": the act hangs on a wanted infinitive
  if (ES_INFINITIVE.test(first) && ES_WANTING.has(previous[k + 1] ?? "")) return true;
  if (first === "a" && ES_GOING.has(previous[k + 1] ?? "")) return true;
  // "me voy a poner a llorar", "iba a echarme a correr": going to start the act
  if (first === "a" && ES_STARTING.test(previous[k + 1] ?? "") && previous[k + 2] === "a") {
    let j = k + 3;
    while (j < previous.length && ES_CLITICS.has(previous[j] ?? "")) j++;
    if (ES_GOING.has(previous[j] ?? "")) return true;
  }
  // "ya era hora de comer"
  if (first === "de" && previous[k + 1] === "hora") return true;
  if (first === "de" && previous[k + 1] === "punto") return true;
  // "de ganas de correr", "unas ganas enormes de perseguirlo"
  if (first === "de" && (previous[k + 1] === "ganas" || previous[k + 2] === "ganas")) return true;
  // "para evitar que me atacara"
  if (first === "que" && (previous[k + 1] === "evitar" || previous[k + 1] === "impedir")) return true;
  // "me pidió que bailara", "quería que nos quedáramos"
  if (first === "que") {
    let j = k + 1;
    while (j < previous.length && ES_CLITICS.has(previous[j] ?? "")) j++;
    if (ES_REQUESTERS.has(previous[j] ?? "")) return true;
    // "le pedí al kiosquero que llamara": the person asked may stand between
    if ((previous[j + 1] === "al" || previous[j + 1] === "a") && ES_REQUESTERS.has(previous[j + 2] ?? ""))
      return true;
    // "me dijo que corriera": an order told, in the subjunctive
    if (ES_TELLING.has(previous[j] ?? "") && ES_PAST_SUBJUNCTIVE.test(tokens[index]?.norm ?? "")) return true;
  }
  // "en vez de correr", "en lugar de huir"
  if (
    first === "de" &&
    (previous[k + 1] === "vez" || previous[k + 1] === "lugar") &&
    previous[k + 2] === "en"
  )
    return true;
  if (reportedPlan(tokens, index, language)) return true;
  for (let i = 0; i < 3; i++) if (previous[i] === "poco" && previous[i + 1] === "por") return true;
  return anyIn(previous, ES_UNREAL, 0, 3);
}

const EN_EVENT_VERBS = new Set([
  "have",
  "throw",
  "hold",
  "attend",
  "cause",
  "celebrate",
  "organize",
  "organise",
  "plan",
  "take",
]);
const ES_EVENT_VERBS = new Set([
  "tener",
  "tuviera",
  "tuvieramos",
  "hacer",
  "celebrar",
  "organizar",
  "causar",
]);

/**
 * An event named as the object of a verb that is only wanted or planned: "we were going to have a party",
 * "don't want to have an accident", "queríamos celebrar una boda". Up to two words (article, modifier) may
 * stand between the verb and the event.
 */
export function unrealEvent(tokens: readonly Token[], index: number, language: Language): boolean {
  const verbs = language === "en" ? EN_EVENT_VERBS : ES_EVENT_VERBS;
  for (let k = index - 1; k >= Math.max(0, index - 3); k--) {
    if (tokens[k + 1]?.breakBefore) return false;
    if (verbs.has(tokens[k]?.norm ?? "")) return unrealAction(tokens, k, language);
  }
  return false;
}

// --- Verb forms that are not events ---------------------------------------------------------------------

/** Modals that leave the verbs of their clause unreal: "would find us and then run away". */
const EN_CLAUSE_MODALS = new Set([...EN_WOULD, "might", ...EN_WILL]);
const ES_FUTURE_ENDINGS = new Set(["a", "an", "as", "e", "emos", "eis", "ia", "ian", "ias", "iamos", "iais"]);

/**
 * A verb in its base form governed by a modal earlier in the clause (English), or in the future or
 * conditional (Spanish "se caerá", "me mataría"), speaks of something that has not happened.
 */
export function unrealVerbForm(
  tokens: readonly Token[],
  index: number,
  lemma: string,
  language: Language,
): boolean {
  const word = tokens[index]?.norm ?? "";
  if (language === "en") {
    if (word !== lemma) return false;
    const previous = before(tokens, index, 8);
    return anyIn(previous, EN_CLAUSE_MODALS) && !habitual(previous);
  }
  const infinitive = lemma.endsWith("se") ? lemma.slice(0, -2) : lemma;
  return word.startsWith(infinitive) && ES_FUTURE_ENDINGS.has(word.slice(infinitive.length));
}

// --- Words said ------------------------------------------------------------------------------------------

const EN_ADDRESSED = new Set(["me", "us", "him", "her", "them", "it", "now", "away", "quickly", "fast"]);

/**
 * An order or plea quoted at the start of someone's words: `"Hide me."`, `"Run!"`. It asks for the act; it
 * does not tell it.
 */
export function quotedImperative(tokens: readonly Token[], index: number, lemma: string, language: Language) {
  const token = tokens[index];
  if (language !== "en" || !token?.opensQuote || token.norm !== lemma) return false;
  const next = tokens[index + 1];
  return !next || next.breakBefore || EN_ADDRESSED.has(next.norm);
}
