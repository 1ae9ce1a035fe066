/**
 * Grammar for the reading's own sentences, in English and Spanish: the gender and number of a Spanish noun
 * (to write "la camarera", "el agua", "tus hijas" from the dreamer's words), English "a"/"an", ICU plurals,
 * the dreamer's words retold in the second person, and a lint for the slips a reader would notice.
 * Pure and synchronous; every word list and pattern is built once, at module load.
 */
import type { Language } from "../morphology";
import { foldWord, type Token, tokenize } from "../text";

export type EsGender = "m" | "f";

export interface EsNounInfo {
  gender: EsGender;
  plural: boolean;
  /**
   * The gender is beyond doubt: false for nouns of either gender ("el/la dentista", "el/la policía"), for
   * words like "la/el frente", and for endings that do not tell (-e, -l, -z...).
   */
  certain: boolean;
}

/** Folded words, from a space-separated list written with accents (easier to read and check). */
const wordSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean).map(foldWord));

// --- Spanish nouns -------------------------------------------------------------------------------------

/** Feminine against their ending, or with an ending that tells nothing (-e, -l, -z, -d, -n, -s). */
const ES_FEMININE = wordSet(`
  mano foto moto libido seo dinamo polio
  piel flor sal miel leche luz voz noche nieve nube muerte sangre llave calle mente gente carne fuente
  serpiente suerte torre nave ave cárcel red pared sed merced vid lid salud clase frase base fase tarde parte
  corriente hambre fe ley sien imagen razón sazón col cal hiel señal catedral espiral sucursal cruz nariz raíz
  cicatriz perdiz lombriz codorniz actriz emperatriz matriz paz vez nuez coz hoz tez faz madre comadre mujer
  labor coliflor sor tos mies res fiebre liebre urbe peste ubre mugre pirámide ingle índole higiene catástrofe
  hélice sede clave lumbre masacre pose crin cohorte vertiente simiente diabetes caries picazón comezón desazón
`);

/** Masculine against their ending (-a, -ión, -ez, -sis), or with an ending that tells nothing. */
const ES_MASCULINE = wordSet(`
  día mapa planeta problema tema sistema idioma clima fantasma drama poema sofá tranvía esquema dilema enigma
  síntoma diploma aroma carisma dogma trauma panorama karma chakra mantra tantra dharma yoga puma koala gorila
  mediodía tequila vodka sida ébola nirvana cisma axioma reuma eccema edema glaucoma hematoma fonema lema
  emblema teorema estigma paradigma prisma plasma magma aneurisma sofisma melodrama
  pie valle diente puente accidente continente ambiente aceite horizonte elefante diamante restaurante guante
  volante chocolate tomate aguacate café baile traje coche bosque parque tanque buque cheque choque toque ataque
  bloque dique estanque nombre hombre alambre enjambre cobre sobre timbre postre padre compadre desastre monte
  deporte transporte pasaporte soporte norte billete juguete cohete paquete banquete machete bigote cofre cine
  cable mueble detalle vientre golpe bronce cruce enlace desenlace alcance avance trance balance príncipe
  conde duque sacerdote monje héroe nene aire tigre diez
  rey árbol sol ángel hotel papel pastel hospital túnel animal caracol cereal fósil canal festival mantel pincel
  barril coral metal cristal panal automóvil móvil perfil
  pez lápiz arroz disfraz maíz ajedrez tapiz barniz altavoz avestruz antifaz regaliz matiz jerez
  césped ataúd laúd alud ardid
  examen origen crimen volumen polen andén almacén tren desorden germen abdomen certamen dictamen resumen régimen
  espécimen vaivén bien edén harén
  avión camión gorrión escorpión sarampión aluvión guion ion bastión centurión corazón buzón tazón
  mes dios gas atlas caos cosmos virus cactus autobús bus pus país compás anís interés estrés revés ciempiés
  lunes martes miércoles jueves viernes paraguas paracaídas rompecabezas cumpleaños abrelatas sacacorchos chupacabras lavaplatos
  cubrebocas tapabocas
  limpiaparabrisas espantapájaros cortaúñas quitanieves portaequipajes cazamariposas
  salvavidas lavavajillas guardaespaldas cuentagotas tocadiscos sacapuntas pasamontañas trabalenguas herpes
  rascacielos trotamundos parabrisas parachoques portaaviones guardabosques matamoscas lanzallamas pintalabios
  análisis apocalipsis oasis énfasis paréntesis éxtasis chasis génesis tenis iris
`);

const genderOf = (words: string, gender: EsGender) =>
  Array.from(wordSet(words), (word): [string, EsGender] => [word, gender]);

/**
 * Nouns of either gender (people, words with two meanings, colours) and adjectives that never change
 * ("la mejor", "el mayor"), with the gender used when the text gives none.
 */
const ES_EITHER_GENDER = new Map<string, EsGender>([
  ...genderOf(
    `modelo testigo piloto soldado miembro sargento reo bebé joven amante cantante estudiante chef líder chófer
    mártir cónyuge huésped rehén juez rival fan gurú colega guía policía espía vigía guardia centinela indígena
    atleta poeta profeta esteta pirata psicópata acróbata terapeuta idiota patriota compatriota camarada nómada
    monarca patriarca jerarca hipócrita israelita jesuita eremita cosmopolita azteca maya inca celta belga croata
    persa cura papa coma cometa orden margen mar corte pendiente capital final arte azúcar internet maratón
    pijama lente tilde mimbre cólera vocal editorial médico chamán mole manga delta alcalde sastre jefe tanga
    mejor peor mayor menor superior inferior anterior posterior interior exterior micro radio`,
    "m",
  ),
  ...genderOf(
    `frente radio sartén virgen soprano dote linde tira naranja rosa turquesa violeta lila fucsia magenta púrpura
    escarlata mañana`,
    "f",
  ),
]);

/** Person nouns by suffix that take either article: el/la artista, suicida, astronauta, demócrata, psiquiatra. */
const ES_EITHER_SUFFIX = /(ista|cida|nauta|crata|asta|iatra)$/;

/** Feminine nouns starting with a stressed a, which take "el"/"un" in the singular: el agua, un águila. */
const ES_STRESSED_A = wordSet(`
  agua águila alma arma hacha hada hambre área aula ala ancla arpa alga aura ave asma arca haba habla hampa ansia
  asa aria alba acta ascua álgebra ánfora ágata ánima ama haya alza
`);

/** Singular nouns in -s with a plural of their own (meses, dioses, países). */
const ES_SINGULAR_S = wordSet(
  "mes dios gas tos res mies as bus pus autobús país compás anís interés estrés revés",
);

/** Listed nouns in -s that do not change in the plural: el/los lunes, el/los paraguas, la/las crisis. */
const ES_INVARIABLE = new Set(
  [...ES_MASCULINE, ...ES_FEMININE, ...ES_EITHER_GENDER.keys()].filter(
    (word) => word.endsWith("s") && !ES_SINGULAR_S.has(word),
  ),
);

/** A Spanish word can end in these consonants after a vowel: the singular of "flores", "paredes", "reyes". */
const ES_FINAL_CONSONANT = /[aeiou][lrndyjsx]$/;

interface EsSingular {
  singular: string;
  plural: boolean;
  /** The singular was found by dropping "-es" after a consonant (flores -> flor), which verbs spell too. */
  droppedEs: boolean;
  /** The number is beyond doubt: not for "crisis", "taxis", "sofás", "robots". */
  certainNumber: boolean;
  /** Two singulars of different gender share this plural. */
  twoSingulars?: boolean;
}

const isListed = (word: string) =>
  ES_MASCULINE.has(word) || ES_FEMININE.has(word) || ES_EITHER_GENDER.has(word);

function esSingular(folded: string, lower: string): EsSingular {
  const singular = (certainNumber: boolean): EsSingular => ({
    singular: folded,
    plural: false,
    droppedEs: false,
    certainNumber,
  });
  const plural = (word: string, droppedEs: boolean, certainNumber: boolean): EsSingular => ({
    singular: word,
    plural: true,
    droppedEs,
    certainNumber,
  });
  if (!folded.endsWith("s") || ES_SINGULAR_S.has(folded)) return singular(true);
  // crisis, otitis, virus, lunes: one form for both numbers; "taxis" and "espíritus" are plurals of -i/-u.
  if (ES_INVARIABLE.has(folded) || /[iu]s$/.test(folded)) return singular(false);
  const withoutS = folded.slice(0, -1);
  // sofás and bebés are plurals, inglés and marqués singulars; "robots" and "bíceps" are borrowed.
  if (/[áéíóú]s$/.test(lower) || !/[aeiou]s$/.test(folded)) return plural(withoutS, false, false);
  if (folded.endsWith("ces")) {
    const withZ = `${folded.slice(0, -3)}z`;
    // "cruces" is the plural of cruz (f) and of cruce (m): neither gender is certain.
    if (isListed(withZ) && isListed(withoutS)) return { ...plural(withZ, true, true), twoSingulars: true };
    return isListed(withoutS) ? plural(withoutS, false, true) : plural(withZ, true, true);
  }
  if (folded.endsWith("es")) {
    const withoutEs = folded.slice(0, -2);
    const keepsE = isListed(withoutS) || /(aje|umbre|ie|nte)$/.test(withoutS);
    if (!keepsE && ES_FINAL_CONSONANT.test(withoutEs)) return plural(withoutEs, true, true);
  }
  return plural(withoutS, false, true);
}

interface EsGenderGuess {
  gender: EsGender;
  certain: boolean;
}

/** Feminine by suffix: canción, ciudad, amistad, virtud, costumbre, serie, crisis, otitis, vejez. */
const ES_FEMININE_SUFFIX = /(ion|dad|tad|tud|umbre|ie|sis|itis|ez)$/;
/** Masculine consonant endings: dolor, poder, elixir, león, volcán, jardín. */
const ES_MASCULINE_CONSONANT = /(or|er|ir)$/;
const ES_STRESSED_N = /[óáí]n$/;

function esGenderOfSingular(singular: string, lower: string, number: EsSingular): EsGenderGuess {
  const either = ES_EITHER_GENDER.get(singular);
  if (either) return { gender: either, certain: false };
  if (number.twoSingulars) return { gender: ES_FEMININE.has(singular) ? "f" : "m", certain: false };
  if (ES_MASCULINE.has(singular)) return { gender: "m", certain: true };
  if (ES_FEMININE.has(singular)) return { gender: "f", certain: true };
  if (ES_EITHER_SUFFIX.test(singular)) return { gender: "m", certain: false };
  if (ES_FEMININE_SUFFIX.test(singular)) return { gender: "f", certain: true };
  if (/(grama|aje|o)$/.test(singular)) return { gender: "m", certain: true };
  if (singular.endsWith("a")) return { gender: "f", certain: true };
  // Verbs spell these endings too once "-es" is dropped ("quieres" -> "quier", "pones" -> "pon"), and futures
  // end in a stressed "-rán": only a singular written as such, or with its accent, is certain.
  if (ES_MASCULINE_CONSONANT.test(singular)) return { gender: "m", certain: !number.droppedEs };
  const stressedN = number.plural ? /(on|an|in)$/.test(singular) : ES_STRESSED_N.test(lower);
  if (stressedN && !/(ran|pon|zon)$/.test(singular) && singular !== "estan") {
    return { gender: "m", certain: !number.droppedEs };
  }
  // -e, -l, -z, -d, -n, -s... : masculine is the likelier guess, never a certainty.
  return { gender: "m", certain: false };
}

const ES_LEADING_DETERMINER = /^(?:el|la|los|las|un|una|unos|unas|mi|mis|tu|tus|su|sus)\s+/i;

/** The phrase without a leading article or possessive ("El pasado" -> "pasado"), and its first word. */
function esHead(phrase: string): { rest: string; head: string } {
  const rest = phrase.trim().replace(ES_LEADING_DETERMINER, "");
  return { rest, head: rest.split(/[\s,]/, 1)[0] ?? "" };
}

interface EsNounFacts extends EsNounInfo {
  certainNumber: boolean;
}

function esNounFacts(word: string): EsNounFacts {
  const { head } = esHead(word);
  const lower = head.toLowerCase();
  const number = esSingular(foldWord(head), lower);
  const guess = esGenderOfSingular(number.singular, number.plural ? number.singular : lower, number);
  return {
    gender: guess.gender,
    plural: number.plural,
    certain: guess.certain,
    certainNumber: number.certainNumber,
  };
}

/** Gender and number of a Spanish noun or noun phrase ("agua turbia", "casa de mi abuela": the first word). */
export function esNounInfo(word: string): EsNounInfo {
  const { gender, plural, certain } = esNounFacts(word);
  return { gender, plural, certain };
}

export function esGender(word: string): EsGender {
  return esNounInfo(word).gender;
}

export function esIsPlural(word: string): boolean {
  return esNounInfo(word).plural;
}

const startsWithStressedA = (head: string) => ES_STRESSED_A.has(foldWord(head));

export interface EsArticleOptions {
  definite: boolean;
  /** For nouns of either gender (el/la dentista), the gender the text gives; otherwise the noun's own. */
  gender?: EsGender;
}

export function esArticle(word: string, options: EsArticleOptions): string {
  const info = esNounInfo(word);
  const feminine = (options.gender ?? info.gender) === "f";
  if (info.plural) {
    if (options.definite) return feminine ? "las" : "los";
    return feminine ? "unas" : "unos";
  }
  if (feminine && !startsWithStressedA(esHead(word).head)) return options.definite ? "la" : "una";
  return options.definite ? "el" : "un";
}

/**
 * "la camarera", "el agua", "unas llaves", "tus hijas", "tu mamá". A leading article or possessive in `word`
 * is replaced ("El pasado" -> "tu pasado"); the words themselves are kept as given.
 */
export function esNounPhrase(word: string, det: "def" | "indef" | "your", gender?: EsGender): string {
  const { rest } = esHead(word);
  if (det === "your") return `${esNounInfo(rest).plural ? "tus" : "tu"} ${rest}`;
  return `${esArticle(rest, { definite: det === "def", gender })} ${rest}`;
}

// --- English articles ----------------------------------------------------------------------------------

/** Letters whose name starts with a vowel sound: an F, an MRI, an X-ray. */
const EN_VOWEL_LETTERS = new Set("aefhilmnorsx");
/** A silent h: an hour, an honest face, an heir. */
const EN_SILENT_H = /^(hour|honest|honou?r|heir)/;
/** Said with either article: US "an herb", UK "a herb"; "a historic" or "an historic". */
const EN_EITHER_ARTICLE = /^(herb|historic|homage)/;
/**
 * Vowel letters said with a consonant: a one-way street, a once-loved toy, a European, a ewe, a unicorn, a
 * unanimous vote, a user, a utopia, a urinal, a Ukrainian. Not "un-" words (an unusual), nor u + cluster
 * (an umbrella, an utter mess), nor uber, umami, udon.
 */
const EN_CONSONANT_VOWEL =
  /^(?:(?:one|once|oneness|onesie)$|ouija|eu|ewe|uni(?:[cfoqstvx]|la)|unan|ukrain|u(?!n|ber|mami|don)[bcdfgjklmpqrstvwxz][aeiouy])/;

/** Numbers: an 8, an 11, an 18, an 1800s house, an 80-year-old. */
const EN_VOWEL_NUMBER = /^(8|1[18](?:\d\d|\d{3})?$)/;

type EnArticle = "a" | "an";

interface EnArticleChoice {
  article: EnArticle;
  /** Either is right: "a/an historic", "a NASA"/"an NSA" (said as a word or letter by letter). */
  either: boolean;
}

const choose = (article: EnArticle, either = false): EnArticleChoice => ({ article, either });

function enArticleChoice(word: string): EnArticleChoice {
  const first = /[\p{L}\p{N}]+/u.exec(word)?.[0] ?? "";
  const digits = /^\d+/.exec(first)?.[0];
  if (digits) return choose(EN_VOWEL_NUMBER.test(digits) ? "an" : "a");
  const lower = first.toLowerCase();
  const letter = lower[0] ?? "";
  // Letters and initialisms: an X-ray, a U-turn, an MRI; "NASA" is said as a word, "NSA" letter by letter.
  if (first.length === 1 || first === first.toUpperCase()) {
    if (letter === "u" || !EN_VOWEL_LETTERS.has(letter)) return choose("a");
    if (first.length === 1 || "aeio".includes(letter)) return choose("an");
    return choose(/^.[aeiou]/.test(lower) ? "a" : "an", true);
  }
  if (EN_SILENT_H.test(lower)) return choose("an");
  if (EN_EITHER_ARTICLE.test(lower)) return choose(lower.startsWith("historic") ? "a" : "an", true);
  if (EN_CONSONANT_VOWEL.test(lower)) return choose("a");
  return choose("aeiou".includes(letter) ? "an" : "a");
}

/** "a" or "an" for the word that follows: an hour, a unicorn, a one-way street, an X-ray, an 8. */
export function enArticle(word: string): EnArticle {
  return enArticleChoice(word).article;
}

// --- Plurals -------------------------------------------------------------------------------------------

const PLURAL_RULES: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules("en"),
  es: new Intl.PluralRules("es"),
};
const NUMBER_FORMAT: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en"),
  es: new Intl.NumberFormat("es"),
};

export interface CountForms {
  /** The singular, with "#" where the number goes: "# more symbol". */
  one: string;
  other: string;
}

/** The form that fits `n` by the language's plural rules, "#" replaced by the number as the language writes it. */
export function countPhrase(n: number, forms: CountForms, language: Language = "en"): string {
  const form = PLURAL_RULES[language].select(n) === "one" ? forms.one : forms.other;
  return form.replaceAll("#", NUMBER_FORMAT[language].format(n));
}

const MORE_SYMBOLS: Record<Language, CountForms> = {
  en: { one: "# more symbol", other: "# more symbols" },
  es: { one: "# símbolo más", other: "# símbolos más" },
};

/** "1 more symbol", "2 more symbols", "1 símbolo más", "2 símbolos más". */
export function symbolsCount(n: number, language: Language): string {
  return countPhrase(n, MORE_SYMBOLS[language], language);
}

// --- The dreamer's words in the second person ----------------------------------------------------------

interface Piece {
  text: string;
  word: boolean;
}

interface WordView {
  /** Index of the word in the pieces of the text. */
  piece: number;
  raw: string;
  lower: string;
  folded: string;
  /** What separates it from the previous word outside quotations (a quotation counts as punctuation). */
  gap: string;
  sentenceStart: boolean;
}

const PIECES = /[\p{L}\p{M}'’]+|[^\p{L}\p{M}'’]+/gu;
const BREAK = /[.,;:!?¿¡…()[\]"“”«»—–\n]/;
const SENTENCE_BREAK = /[.!?…\n]/;

/**
 * Words outside quotations, with what separates them. Quoted speech ("help me", «ayúdame») is someone
 * speaking in the dream: it stays as written.
 */
function lexWords(text: string): { pieces: Piece[]; words: WordView[] } {
  const pieces = Array.from(text.matchAll(PIECES), (match) => ({
    text: match[0],
    word: /^[\p{L}\p{M}]/u.test(match[0]),
  }));
  const words: WordView[] = [];
  let gap = "";
  let quoted = false;
  pieces.forEach((piece, index) => {
    if (piece.word && !quoted) {
      const lower = piece.text.toLowerCase();
      const sentenceStart = words.length === 0 || SENTENCE_BREAK.test(gap);
      words.push({ piece: index, raw: piece.text, lower, folded: foldWord(lower), gap, sentenceStart });
      gap = "";
      return;
    }
    gap += piece.text;
    if (piece.word) return;
    for (const char of piece.text) {
      if (char === '"') quoted = !quoted;
      else if (char === "“" || char === "«") quoted = true;
      else if (char === "”" || char === "»") quoted = false;
    }
  });
  return { pieces, words };
}

/** The word right before `index` in the same clause, if nothing but spaces separates them. */
const adjacentBefore = (words: WordView[], index: number): WordView | undefined =>
  index > 0 && !BREAK.test(words[index]?.gap ?? "") ? words[index - 1] : undefined;

const adjacentAfter = (words: WordView[], index: number): WordView | undefined => {
  const next = words[index + 1];
  return next && !BREAK.test(next.gap) ? next : undefined;
};

/** A word list's entry for `word`, never an inherited Object property ("constructor", "toString"). */
function ownValue<T>(table: Readonly<Record<string, T>>, word: string): T | undefined {
  return Object.hasOwn(table, word) ? table[word] : undefined;
}

const capitalise = (word: string) => (word[0] ?? "").toUpperCase() + word.slice(1);

/** The replacement written like the word it replaces: "Mi" -> "Tu", "MY" -> "YOUR". */
function withCase(raw: string, replacement: string): string {
  if (raw.length > 1 && raw === raw.toUpperCase()) return replacement.toUpperCase();
  const first = raw[0] ?? "";
  return first === first.toUpperCase() ? capitalise(replacement) : replacement;
}

// English.

/** Already speaking to someone ("I told you"): retold as "you", two people would blur. */
const EN_SECOND_PERSON = new Set(
  "you your yours yourself yourselves you're you've you'd you'll ya y'all".split(" "),
);
const EN_TO_SECOND: Record<string, string> = {
  i: "you",
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  ive: "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
};
/** "I" is written with a capital anywhere: the replacement takes one only where a sentence starts. */
const EN_I_WORDS = new Set(["i", "i'm", "im", "i've", "ive", "i'd", "i'll"]);
const EN_VERB_WITH_I: Record<string, string> = {
  am: "are",
  was: "were",
  "wasn't": "weren't",
  wasnt: "weren't",
};
/** "a gold mine", "the old mine": the noun, not the pronoun. */
const EN_MINE_NOUN_BEFORE = new Set("a an the this that coal gold silver salt old".split(" "));

/** The dreamer with others ("we ran", "our house"): retold as "you", the persons would mix. */
const EN_FIRST_PLURAL = new Set(["we", "us", "our", "ours", "ourselves", "we're", "we've", "we'd", "we'll"]);

function enToSecondPerson(text: string): string | null {
  const { pieces, words } = lexWords(text);
  const norms = words.map((word) => word.lower.replaceAll("’", "'"));
  // Texting "u" is "you"; "U" is a letter ("a U-turn").
  if (words.some((word, index) => EN_SECOND_PERSON.has(norms[index] ?? "") || word.raw === "u")) return null;
  const out = pieces.map((piece) => piece.text);
  let sentenceConverted = false;
  let sentencePlural = false;
  for (const [index, word] of words.entries()) {
    const norm = norms[index] ?? "";
    if (word.sentenceStart) {
      sentenceConverted = false;
      sentencePlural = false;
    }
    sentencePlural ||= EN_FIRST_PLURAL.has(norm);
    const before = adjacentBefore(words, index) ? norms[index - 1] : undefined;
    const after = adjacentAfter(words, index) ? norms[index + 1] : undefined;
    // Own keys only: a dream may well contain "constructor" or "__proto__".
    let replacement = ownValue(EN_TO_SECOND, norm);
    if (norm === "mine" && before && EN_MINE_NOUN_BEFORE.has(before)) replacement = undefined;
    // "I was" and "was I": the verb follows the new subject.
    if (replacement === undefined && (before === "i" || after === "i"))
      replacement = ownValue(EN_VERB_WITH_I, norm);
    if (replacement !== undefined) {
      if (word.raw.includes("’")) replacement = replacement.replace("'", "’");
      const sentenceCase = word.sentenceStart ? capitalise(replacement) : replacement;
      out[word.piece] = EN_I_WORDS.has(norm) ? sentenceCase : withCase(word.raw, replacement);
      sentenceConverted = true;
    }
    if (sentenceConverted && sentencePlural) return null;
  }
  return out.join("");
}

// Spanish.

const ES_SECOND_PERSON = wordSet("tú tus te ti contigo tuyo tuya tuyos tuyas usted ustedes vos");
/** "abrazándote", "diciéndotelo": the words speak to someone (infinitives are checked against known verbs). */
const ES_SECOND_PERSON_GERUND = /(ando|iendo|yendo)te(l[aeo]s?)?$/;
const ES_TO_SECOND: Record<string, string> = {
  yo: "tú",
  mis: "tus",
  me: "te",
  conmigo: "contigo",
  mio: "tuyo",
  mia: "tuya",
  mios: "tuyos",
  mias: "tuyas",
};
/** The dreamer with others ("nos fuimos", "nuestra casa"): retold in the singular, persons would mix. */
const ES_FIRST_PLURAL = wordSet("nos nosotros nosotras nuestro nuestra nuestros nuestras");
const ES_FIRST_PLURAL_VERB = /(amos|emos|imos)$/;
const ES_NOUNS_IN_MOS = wordSet(
  "primos ramos remos últimos próximos íntimos mínimos máximos mismos amos extremos supremos",
);
const ES_PREPOSITIONS = wordSet(
  "a al de del en con por para sin sobre hacia desde hasta entre contra tras bajo ante según durante como",
);
const ES_DETERMINERS = wordSet(`
  el la los las un una unos unas mi mis su sus nuestro nuestra nuestros nuestras este esta estos estas ese esa
  esos esas aquel aquella aquellos aquellas otro otra otros otras cada ningún ninguna algún alguna algunos
  algunas mucho mucha muchos muchas poco poca pocos pocas varios varias todo toda todos todas demasiado
  bastante dos tres cuatro cinco seis siete ocho nueve diez
`);
/** After a personal "a", these name someone ("a mi mamá", "a ella", "a Juan"), not a place ("a la playa"). */
const ES_POSSESSIVES = wordSet("mi mis su sus nuestro nuestra nuestros nuestras");
/** Third-person subjects without a noun (accents matter: "él" is a pronoun, "el" an article). */
const ES_THIRD_PRONOUNS = new Set(
  "él ella ellos ellas usted ustedes alguien nadie algo nada eso esto aquello ello".split(" "),
);
const ES_RELATIVES = new Set(["que", "quien", "quienes", "cual", "cuales"]);
/** "¿qué pasaba?", "quién gritaba": the question word may be the subject. */
const ES_QUESTION_WORDS = new Set(["qué", "quién", "quiénes", "cuál", "cuáles"]);
/** Words that open a new clause with its own subject. */
const ES_CLAUSE_OPENERS = wordSet(
  "y e pero que cuando mientras porque aunque donde o u ni entonces luego pues",
);
/** Adverbs that may stand between a clause's start and its subject: "de repente mi mamá...". */
const ES_SUBJECT_ADVERBS = wordSet(
  "entonces luego después repente pronto también ya aún todavía ahí allí aquí allá siempre nunca finalmente incluso además tampoco",
);
const ES_OBJECT_CLITICS = wordSet("lo la los las le les");
const ES_COORDINATORS = wordSet("y e o u pero ni");
/** Words before a verb that show it is one: "me despierto", "no recuerdo", "lo cuento", "yo camino". */
const ES_VERB_TRIGGERS = wordSet(
  "yo no me le les lo la los las ya también tampoco nunca siempre casi solo sólo aún todavía",
);

/** Verbs of dream reports with a regular preterite: caminé/caminaste, salí/saliste, viví/viviste. */
const ES_REGULAR_VERBS = `
  caminar llegar buscar encontrar mirar entrar llamar gritar llorar hablar volar nadar saltar bajar tomar despertar
  soñar pensar tratar intentar empezar comenzar terminar acabar escapar ganar pelear luchar matar jugar bailar
  cantar besar abrazar tocar agarrar tirar empujar levantar sentar quedar dejar pasar cruzar manejar viajar regresar
  recordar olvidar escuchar ayudar salvar cuidar esperar necesitar usar llevar notar asustar lanzar cerrar girar
  respirar comprar pagar robar disparar golpear pegar chocar limpiar cambiar enviar trepar escalar resbalar
  tropezar desmayar arrodillar ahogar casar bañar duchar acostar acercar alejar preparar cocinar lavar sacar mudar
  observar enamorar susurrar flotar acordar preguntar contestar avisar abandonar identificar negar mostrar probar
  contar fijar charlar utilizar contratar pisar extrañar arrancar parar
  comer beber correr perder temer meter romper aprender entender encender esconder morder mover volver barrer
  conocer crecer nacer parecer aparecer desaparecer ofrecer merecer coger toser responder atrever deber recorrer
  salir subir abrir vivir morir dormir sentir pedir seguir perseguir escribir descubrir decidir recibir sufrir
  hundir cubrir partir reunir vestir mentir preferir repetir elegir herir convertir divertir compartir insistir
  resistir permitir admitir discutir sacudir acudir interrumpir confundir escupir dirigir recurrir coincidir conseguir
`
  .split(/\s+/)
  .filter(Boolean);
/** Verbs with an irregular preterite and present (listed below) whose imperfect and conditional are regular. */
const ES_IRREGULAR_VERBS =
  "ser ir ver estar tener hacer poder querer saber poner decir venir andar conducir traer dar caer leer creer oír reír huir haber".split(
    " ",
  );
/** Present stems that change (despierto, pido) or take an accent (envío, reúno); first and second person. */
const ES_PRESENT_STEMS: Record<string, string> = {
  despertar: "despiert",
  empezar: "empiez",
  comenzar: "comienz",
  cerrar: "cierr",
  acostar: "acuest",
  tropezar: "tropiez",
  encontrar: "encuentr",
  acordar: "acuerd",
  recordar: "recuerd",
  volar: "vuel",
  soñar: "sueñ",
  jugar: "jueg",
  negar: "nieg",
  mostrar: "muestr",
  probar: "prueb",
  contar: "cuent",
  enviar: "enví",
  perder: "pierd",
  entender: "entiend",
  encender: "enciend",
  mover: "muev",
  volver: "vuelv",
  morder: "muerd",
  morir: "muer",
  dormir: "duerm",
  pedir: "pid",
  seguir: "sigu",
  perseguir: "persigu",
  conseguir: "consigu",
  vestir: "vist",
  mentir: "mient",
  preferir: "prefier",
  repetir: "repit",
  elegir: "elig",
  herir: "hier",
  convertir: "conviert",
  divertir: "diviert",
  reunir: "reún",
};
/** Conditional stems: tendría, podría, diría. */
const ES_CONDITIONAL_STEMS: Record<string, string> = {
  tener: "tendr",
  poder: "podr",
  saber: "sabr",
  haber: "habr",
  querer: "querr",
  decir: "dir",
  hacer: "har",
  salir: "saldr",
  venir: "vendr",
  poner: "pondr",
};
/** First-person forms of irregular verbs, which no other person shares. */
const ES_FIRST_PERSON_IRREGULAR: Record<string, string> = {
  fui: "fuiste",
  vi: "viste",
  di: "diste",
  estuve: "estuviste",
  tuve: "tuviste",
  hice: "hiciste",
  dije: "dijiste",
  puse: "pusiste",
  pude: "pudiste",
  quise: "quisiste",
  supe: "supiste",
  vine: "viniste",
  anduve: "anduviste",
  conduje: "condujiste",
  hui: "huiste",
  soy: "eres",
  estoy: "estás",
  tengo: "tienes",
  voy: "vas",
  veo: "ves",
  hago: "haces",
  digo: "dices",
  puedo: "puedes",
  quiero: "quieres",
  siento: "sientes",
  creo: "crees",
  pienso: "piensas",
  oigo: "oyes",
  salgo: "sales",
  pongo: "pones",
  vengo: "vienes",
  conozco: "conoces",
  caigo: "caes",
  traigo: "traes",
  conduzco: "conduces",
  leo: "lees",
  huyo: "huyes",
  sonrío: "sonríes",
  doy: "das",
  he: "has",
};
/**
 * First-person presents that are also nouns or adjectives ("el camino", "tenía sueño", "estaba despierto"):
 * verbs only after a subject, a clitic or "no".
 */
const ES_NOUN_LIKE_PRESENT = wordSet(`
  camino paso beso abrazo grito salto vuelo sueño juego encuentro recuerdo acuerdo cuento cambio uso robo pago
  saco caso baño regreso olvido trato intento comienzo termino canto tiro giro respiro disparo desmayo tropiezo
  manejo dejo susurro ahogo bajo vivo limpio mudo cojo despierto visto parto barro salvo envío piso extraño consigo
`);
/** "lo vivo", "lo bajo": after the neuter "lo" these are adjectives. */
const ES_ADJECTIVE_LIKE_PRESENT = wordSet("bajo vivo limpio mudo cojo despierto salvo");
/** Verbs that with "me" are nearly always reflexive: "me sentía" is "I felt", not "someone felt me". */
const ES_PRONOMINAL = wordSet(`
  sentir despertar quedar ir levantar acostar dormir caer esconder perder ahogar morir sentar mover convertir
  acercar alejar escapar reír desmayar arrodillar tropezar resbalar hundir encontrar casar vestir bañar duchar
  acordar olvidar enamorar volver atrever dirigir negar ocultar refugiar agachar tumbar acurrucar escabullir
  marchar quejar fijar creer parar
`);
/** Reflexive when "a" follows: "me abrazaba a un árbol", "me agarraba al borde". */
const ES_PRONOMINAL_WITH_A = wordSet("abrazar agarrar aferrar sujetar pegar");
/** With "me" and no other subject these are either: "me veía" (I saw myself, or someone saw me). */
const ES_REFLEXIVE_OR_NOT = wordSet("ver mirar llamar poner preguntar asustar");
/** Verbs whose subject often follows them: "estaba mi mamá", "llegaba un tren". */
const ES_SUBJECT_AFTER = wordSet(
  "estar ir venir llegar aparecer desaparecer salir entrar caer pasar quedar volver regresar nacer morir crecer bajar subir correr volar",
);
/** Verbs that mostly have a thing for subject ("faltaba tiempo", "sonaba una canción"). */
const ES_OFTEN_IMPERSONAL = wordSet(
  "faltar pasar quedar tocar importar gustar encantar bastar sobrar tardar costar sonar brillar nevar",
);
/** Gerunds and participles whose stem changed: the verb they come from. */
const ES_IRREGULAR_NONFINITE: Record<string, string> = {
  durmiendo: "dormir",
  muriendo: "morir",
  sintiendo: "sentir",
  riendo: "reir",
  yendo: "ir",
  vistiendo: "vestir",
  convirtiendo: "convertir",
  divirtiendo: "divertir",
  muerto: "morir",
  vuelto: "volver",
  puesto: "poner",
};
/** Impersonal in most dreams ("era de noche", "hacía frío", "había gente"): first person only after "yo". */
const ES_IMPERSONAL = wordSet("era hacía parecía había");
/** "estaba oscuro", "estaba lloviendo": the place or the weather, not the dreamer. */
const ES_WEATHER_AFTER_ESTAR = wordSet(`
  oscuro oscura nublado claro lleno llena vacío vacía cerrado cerrada abierto abierta soleado despejado lloviendo
  nevando amaneciendo anocheciendo oscureciendo tronando
`);
/** Words ending in a stressed é/í that are not first-person verbs. */
const ES_STRESSED_NON_VERBS = new Set(
  `aquí allí ahí así sí mí qué porqué dé esté té café bebé olé puré canapé chalé comité bidé corsé consomé
  chimpancé rubí maní ají esquí colibrí jabalí bisturí alhelí frenesí iraquí marroquí israelí iraní saudí
  paquistaní yemení bengalí guaraní sefardí`.split(/\s+/),
);
/** Third-person preterites without a written accent: "me dio", "me dijo". */
const ES_THIRD_PERSON_PRETERITES = wordSet(`
  fue dio vio dijo hizo puso trajo tuvo quiso pudo supo vino estuvo anduvo condujo produjo hubo detuvo mantuvo
  obtuvo contuvo retuvo sostuvo propuso supuso compuso dispuso impuso deshizo tradujo redujo introdujo atrajo
  distrajo extrajo predijo bendijo maldijo intervino previno
`);
/** Finite verbs a "que" may follow as a conjunction ("dijo que", "es que"): not a relative. */
const ES_VERB_BEFORE_QUE = /([óéí]|aba|ía|aron|ieron)$/;
const ES_COMMON_VERBS = wordSet("es era fue está estaba dice parece sabe cree piensa siente ve dijo hay");
/** "yo" may be followed by these before its verb: "yo no me", "yo también". */
const ES_AFTER_YO = wordSet(
  "no me nos se lo la los las le les ya también tampoco nunca siempre solo mismo misma todavía aún sí",
);
const ES_NON_VERBS_AFTER_YO = wordSet("y e o u pero que con en a de sin como ni");
/** Words in -o after "no", "que" or a clitic that are not a first-person verb. */
const ES_NOT_VERB_O = wordSet(`
  solo sólo todo mucho tanto poco como algo cierto claro mismo obstante demasiado otro uno bueno malo nuevo pero
  lo luego pronto tampoco primero medio dentro adentro seguro justo incluso cuando cuanto
`);
/** Clauses whose verb is often a subjunctive: "que camine", "cuando llegue". */
const ES_SUBJUNCTIVE_OPENERS = wordSet("que cuando aunque ojalá hasta mientras quizás quizá");

/** Words that open a clause of their own, unlike "y" and "o", which also join nouns ("pan y vino"). */
const ES_SUBORDINATORS = wordSet("que cuando mientras porque aunque donde pero entonces luego pues");

/** Words in -o that may open a clause without being a verb: "Luego", "Eso", "Abajo", "Rápido". */
const ES_CLAUSE_START_NOT_VERB = wordSet(
  "eso esto aquello ello segundo tercero cuarto último rápido despacio lento abajo debajo junto hecho dicho puesto muerto visto roto escrito abierto cubierto vuelto",
);
/** "duerme", "firme": words that end like an infinitive with "me" and are not one. */
const ES_NOT_ENCLITIC = wordSet("duerme firme afirme confirme enferme");

interface EsVerbForm {
  /** The first-person form as written with its accents. */
  form: string;
  second: string;
  /** The same form is the third person (caminaba, tenía, sería): it needs a subject to decide. */
  ambiguous: boolean;
  infinitive: string;
  /** Also a noun or adjective ("camino", "despierto"), or without its accent a subjunctive ("camine"). */
  doubtful: boolean;
}

/** "-ar" preterites keep the stem's sound: busqué, llegué, empecé, averigüé. */
const AR_PRETERITE_SPELLING: Record<string, string> = { gu: "gü", c: "qu", g: "gu", z: "c" };
const arPreteriteStem = (stem: string) =>
  stem.replace(/(gu|c|g|z)$/, (end) => AR_PRETERITE_SPELLING[end] ?? end);
const AR_STEM_SOUND: Record<string, string> = { gü: "gu", qu: "c", gu: "g", c: "z" };

/** conozco, sigo, elijo, camino: the first person present from the stem of the second. */
function presentFirst(stem: string, ar: boolean): string {
  if (ar) return `${stem}o`;
  if (/[aeiou]c$/.test(stem)) return `${stem.slice(0, -1)}zco`;
  if (stem.endsWith("gu")) return `${stem.slice(0, -2)}go`;
  if (stem.endsWith("g")) return `${stem.slice(0, -1)}jo`;
  return `${stem}o`;
}

function buildVerbForms(): Map<string, EsVerbForm> {
  const forms = new Map<string, EsVerbForm>();
  const add = (form: string, second: string, infinitive: string, ambiguous: boolean, doubtful = false) => {
    const key = foldWord(form);
    forms.set(key, {
      form,
      second,
      ambiguous,
      infinitive,
      doubtful: doubtful || ES_NOUN_LIKE_PRESENT.has(key),
    });
  };
  for (const infinitive of [...ES_REGULAR_VERBS, ...ES_IRREGULAR_VERBS]) {
    const plain = foldWord(infinitive);
    const stem = infinitive.slice(0, -2);
    const ar = plain.endsWith("ar");
    if (ES_REGULAR_VERBS.includes(infinitive)) {
      if (ar) add(`${arPreteriteStem(stem)}é`, `${stem}aste`, infinitive, false, true);
      else add(`${stem}í`, `${stem}iste`, infinitive, false);
      const present = ES_PRESENT_STEMS[infinitive] ?? stem;
      add(presentFirst(present, ar), `${present}${ar ? "as" : "es"}`, infinitive, false);
    }
    add(ar ? `${stem}aba` : `${stem}ía`, ar ? `${stem}abas` : `${stem}ías`, infinitive, true);
    const conditional = ES_CONDITIONAL_STEMS[infinitive] ?? plain;
    add(`${conditional}ía`, `${conditional}ías`, infinitive, true);
  }
  for (const [form, second] of Object.entries(ES_FIRST_PERSON_IRREGULAR)) add(form, second, "", false);
  add("era", "eras", "ser", true);
  add("iba", "ibas", "ir", true);
  add("veía", "veías", "ver", true);
  // ser, ir and ver have no regular imperfect; "como" is far more often "like" than "I eat".
  for (const wrong of ["sia", "ia", "via", "como"]) forms.delete(wrong);
  return forms;
}
const ES_VERB_FORMS = buildVerbForms();
/** "verte", "abrazarte": an infinitive with "te" speaks to someone. */
const ES_INFINITIVES = new Set([...ES_REGULAR_VERBS, ...ES_IRREGULAR_VERBS].map(foldWord));

/** The first-person preterite of any verb, from its written accent: floté -> flotaste, leí -> leíste. */
function stressedPreterite(lower: string): string | null {
  if (ES_STRESSED_NON_VERBS.has(lower)) return null;
  if (lower.endsWith("í")) {
    const stem = lower.slice(0, -1);
    return /[aeo]$/.test(stem) ? `${stem}íste` : `${stem}iste`;
  }
  // "-ré" is also the future (iré, tendré): not told apart here.
  if (!lower.endsWith("é") || lower.endsWith("ré")) return null;
  const stem = lower.slice(0, -1).replace(/(gü|qu|gu|c)$/, (end) => AR_STEM_SOUND[end] ?? end);
  return `${stem}aste`;
}

/** The verb a form comes from: a known form's, or by its ending (gerund, participle, imperfect). */
function contentInfinitives(folded: string): string[] {
  const irregular = ownValue(ES_IRREGULAR_NONFINITE, folded);
  if (irregular) return [irregular];
  const known = ES_VERB_FORMS.get(folded)?.infinitive;
  if (known) return [foldWord(known)];
  const match = /^(.+?)(ando|iendo|yendo|ado|ido|aba|ia)$/.exec(folded);
  if (!match) return [];
  const [, stem, ending] = match;
  return ["ando", "ado", "aba"].includes(ending ?? "") ? [`${stem}ar`] : [`${stem}er`, `${stem}ir`];
}

const ES_GERUND_OR_PARTICIPLE = /(ando|iendo|yendo|ado|ido)$/;
/** Also the irregular participles: muerto, puesto, hecho. */
const isNonFinite = (folded: string) => /(ando|iendo|yendo|ado|ido|to|cho)$/.test(folded);
const isName = (word: WordView) => !word.sentenceStart && word.raw[0] !== word.lower[0];

const SABER_FIRST: EsVerbForm = {
  form: "sé",
  second: "sabes",
  ambiguous: false,
  infinitive: "saber",
  doubtful: false,
};

function esVerbForm(word: WordView): EsVerbForm | undefined {
  if (word.lower === "sé") return SABER_FIRST;
  const form = word.folded === "se" ? undefined : ES_VERB_FORMS.get(word.folded);
  // An accent the form does not have tells another form: "compró" is not "compro". A missing one is a typo.
  return form && /[áéíóú]/.test(word.lower) && word.lower !== form.form ? undefined : form;
}

/** A finite verb, not a word that is also a noun ("baño", "camino"). */
function isVerbLike(word: WordView): boolean {
  const form = ES_VERB_FORMS.get(word.folded);
  return (
    (form !== undefined && !form.doubtful) ||
    ES_COMMON_VERBS.has(word.folded) ||
    ES_THIRD_PERSON_PRETERITES.has(word.folded) ||
    ES_VERB_BEFORE_QUE.test(word.lower)
  );
}

type OtherSubject = "strong" | "weak" | null;

const strongest = (a: OtherSubject, b: OtherSubject): OtherSubject =>
  a === "strong" || b === "strong" ? "strong" : (a ?? b);

/** Who else may be the subject of a Spanish verb: the noun phrases and pronouns around it. */
class EsSubjects {
  constructor(
    private readonly words: WordView[],
    private readonly converted: ReadonlySet<number>,
  ) {}

  /** A noun phrase, a pronoun or a name starts here: "mi mamá", "ella", "Juan" ("la vi" is a clitic). */
  private startsNoun(index: number): boolean {
    const word = this.words[index];
    if (!word || word.folded === "yo") return false;
    if (ES_THIRD_PRONOUNS.has(word.lower) || isName(word)) return true;
    const next = adjacentAfter(this.words, index);
    if (!ES_DETERMINERS.has(word.folded) || next === undefined) return false;
    // "la vi", "los cuidaba": clitics before a verb ("un sueño" is a noun, though "sueño" is also a verb).
    return !(ES_OBJECT_CLITICS.has(word.folded) && isVerbLike(next));
  }

  /** Someone other than the dreamer is the subject here: a noun phrase where a clause starts or after "a". */
  isSubjectAt(index: number): boolean {
    if (!this.startsNoun(index)) return false;
    const before = adjacentBefore(this.words, index);
    if (!before || ES_CLAUSE_OPENERS.has(before.folded) || ES_SUBJECT_ADVERBS.has(before.folded)) return true;
    // A personal "a" names someone the next clause may be about: "vi a mi mamá, estaba llorando".
    const word = this.words[index];
    return (
      before.folded === "a" &&
      word !== undefined &&
      (ES_POSSESSIVES.has(word.folded) || !ES_DETERMINERS.has(word.folded))
    );
  }

  /** A subject between `from` and `to` (exclusive): a noun phrase is "strong", a relative "que" "weak". */
  between(from: number, to: number): OtherSubject {
    let found: OtherSubject = null;
    for (let index = Math.max(from, 0); index < to; index++) {
      if (this.isSubjectAt(index)) return "strong";
      const lower = this.words[index]?.lower ?? "";
      if (ES_QUESTION_WORDS.has(lower) || (ES_RELATIVES.has(lower) && this.isRelative(index))) found = "weak";
    }
    return found;
  }

  /** A subject after the verb, before its clause ends: "me perseguía un perro", "estaba mi mamá". */
  after(index: number): OtherSubject {
    for (let at = index + 1; at < this.words.length && !this.opensClause(at); at++) {
      const before = adjacentBefore(this.words, at);
      if (this.startsNoun(at) && !(before && ES_PREPOSITIONS.has(before.folded))) return "strong";
    }
    return null;
  }

  /** "el perro que me seguía" is a relative; "soñé que caía", "dijo que", "y que" are not. */
  private isRelative(index: number): boolean {
    const before = index > 0 ? this.words[index - 1] : undefined;
    if (!before || this.converted.has(index - 1) || ES_COORDINATORS.has(before.folded)) return false;
    return !isVerbLike(before) && !ES_PREPOSITIONS.has(before.folded);
  }

  opensClause(index: number): boolean {
    const word = this.words[index];
    return !word || BREAK.test(word.gap) || ES_CLAUSE_OPENERS.has(word.folded);
  }

  startsClause(index: number): boolean {
    const before = adjacentBefore(this.words, index);
    return !before || ES_CLAUSE_OPENERS.has(before.folded);
  }

  sentenceStart(index: number): number {
    let start = index;
    while (start > 0 && !SENTENCE_BREAK.test(this.words[start]?.gap ?? "")) start--;
    return start;
  }

  clauseStart(index: number): number {
    let start = index;
    while (start > 0 && !this.opensClause(start)) start--;
    return start;
  }

  /** The word before a verb, past the clitics "lo/la/le" (and past "no" and adverbs after "yo"). */
  before(index: number, skip: ReadonlySet<string> = ES_OBJECT_CLITICS): WordView | undefined {
    let at = index;
    let before = adjacentBefore(this.words, at);
    while (before && skip.has(before.folded)) {
      at--;
      before = adjacentBefore(this.words, at);
    }
    return before;
  }
}

/** "mi" is "tu" before a noun and "ti" after a preposition ("para mí", "a mi me"); null when neither. */
function esMi(words: WordView[], index: number): string | null {
  const word = words[index];
  const after = adjacentAfter(words, index);
  const before = adjacentBefore(words, index);
  if (word?.lower === "mí") return "ti";
  if (after && !["me", "mismo", "misma", "tambien", "tampoco"].includes(after.folded)) return "tu";
  return before && ES_PREPOSITIONS.has(before.folded) ? "ti" : null;
}

function esToSecondPerson(text: string): string | null {
  const { pieces, words } = lexWords(text);
  const speaksToSomeone = (word: WordView) =>
    (ES_SECOND_PERSON.has(word.folded) && word.lower !== "té") ||
    ES_SECOND_PERSON_GERUND.test(word.folded) ||
    ES_INFINITIVES.has(/^(.+)te(?:l[aeo]s?)?$/.exec(word.folded)?.[1] ?? "");
  if (words.some(speaksToSomeone)) return null;
  const out = pieces.map((piece) => piece.text);
  const converted = new Set<number>();
  /** Verbs judged someone else's: "me miraba" stays as it is. */
  const kept = new Set<number>();
  const subjects = new EsSubjects(words, converted);
  const convert = (index: number, replacement: string) => {
    const word = words[index];
    if (!word) return;
    out[word.piece] = withCase(word.raw, replacement);
    converted.add(index);
  };
  const state: {
    /** Who the last subject was: the dreamer, someone else, or nobody yet. */
    subject: "first" | "third" | "unknown";
    /** The last "yo" or first-person verb, whose subject the next verbs share. */
    anchor: number;
  } = { subject: "unknown", anchor: -1 };
  const dreamerActs = (index: number, replacement: string) => {
    convert(index, replacement);
    state.subject = "first";
    state.anchor = index;
  };

  /** An imperfect or conditional is first or third person alike: true when it is the dreamer's, null if unclear. */
  const isDreamers = (index: number, word: WordView, form: EsVerbForm): boolean | null => {
    const after = adjacentAfter(words, index);
    const clitic = subjects.before(index);
    const objectClitic = adjacentBefore(words, index);
    const sentenceStart = subjects.sentenceStart(index);
    const sinceAnchor = Math.max(sentenceStart, state.anchor + 1);
    const afterYo = state.anchor >= sentenceStart && words[state.anchor]?.folded === "yo";
    const nonFinite = after !== undefined && isNonFinite(after.folded) ? after : undefined;
    if (clitic && (clitic.folded === "se" || clitic.folded === "nos")) return false;
    const impersonal =
      (ES_IMPERSONAL.has(word.folded) && !(word.folded === "habia" && nonFinite)) ||
      (word.folded === "estaba" && after !== undefined && ES_WEATHER_AFTER_ESTAR.has(after.folded));
    // "les decía yo", "era yo": the subject after its verb.
    if (after?.folded === "yo") return true;
    if (impersonal)
      return afterYo && index - state.anchor <= 3 && subjects.between(state.anchor + 1, index) === null;
    if (afterYo && subjects.between(sinceAnchor, index) === null) return true;
    const infinitives = contentInfinitives(nonFinite?.folded ?? word.folded);
    const subjectFollows = infinitives.some((infinitive) => ES_SUBJECT_AFTER.has(infinitive));
    // "le salía humo", "les pasaba algo": with "le", such verbs have a subject of their own.
    if (subjectFollows && (objectClitic?.folded === "le" || objectClitic?.folded === "les")) return false;
    const withClitic =
      clitic?.folded === "me" || (objectClitic !== undefined && ES_OBJECT_CLITICS.has(objectClitic.folded));
    const subjectAfter = withClitic || subjectFollows ? subjects.after(index) : null;
    if (clitic?.folded !== "me") {
      return (
        strongest(subjects.between(sinceAnchor, index), subjectAfter) === null && state.subject !== "third"
      );
    }
    // "me sentía" is the dreamer; "me miraba" and "me despertaba un ruido" are someone else.
    const inClause = strongest(subjects.between(subjects.clauseStart(index), index), subjectAfter);
    if (inClause === "strong") return false;
    // "me daba cuenta", "me abrazaba a las olas", "me agarraba al borde": reflexive by what follows.
    const pronominal =
      infinitives.some((infinitive) => ES_PRONOMINAL.has(infinitive)) ||
      (form.infinitive === "dar" && after?.folded === "cuenta") ||
      (infinitives.some((infinitive) => ES_PRONOMINAL_WITH_A.has(infinitive)) &&
        (after?.folded === "a" || after?.folded === "al"));
    if (pronominal) return inClause === "weak" ? null : true;
    // "me veía": someone saw the dreamer, or the dreamer saw themself; only another subject tells.
    const someoneElse = state.subject === "third" || subjects.between(sinceAnchor, index) !== null;
    return someoneElse || !infinitives.some((infinitive) => ES_REFLEXIVE_OR_NOT.has(infinitive))
      ? false
      : null;
  };

  /**
   * An imperfect of a verb not listed: the dreamer's right after "yo" ("yo flotaba"), after "me" when the verb
   * goes with it ("me ocultaba"), or an "-aba" when the dreamer was the last subject and nothing asks for
   * another ("y adoptaba").
   */
  const unlistedImperfectIsDreamers = (index: number, word: WordView): boolean => {
    if (!/(aba|ía)$/.test(word.lower)) return false;
    if (subjects.before(index, ES_AFTER_YO)?.folded === "yo") return true;
    const before = adjacentBefore(words, index);
    const clauseStart = subjects.clauseStart(index);
    if (before?.folded === "me") {
      const reflexive = contentInfinitives(word.folded).some((infinitive) => ES_PRONOMINAL.has(infinitive));
      return reflexive && strongest(subjects.between(clauseStart, index), subjects.after(index)) !== "strong";
    }
    return (
      word.lower.endsWith("aba") &&
      state.subject === "first" &&
      !ES_OFTEN_IMPERSONAL.has(`${word.folded.slice(0, -3)}ar`) &&
      !ES_OBJECT_CLITICS.has(before?.folded ?? "") &&
      before?.folded !== "se" &&
      subjects.between(Math.max(subjects.sentenceStart(index), state.anchor + 1), index) === null
    );
  };

  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    if (!word) continue;
    if (subjects.isSubjectAt(index)) state.subject = "third";
    if (word.folded === "mi") {
      const replacement = esMi(words, index);
      if (replacement === null) return null;
      convert(index, replacement);
      continue;
    }
    const pronoun = ownValue(ES_TO_SECOND, word.folded);
    if (pronoun) {
      if (word.folded === "yo") dreamerActs(index, pronoun);
      else convert(index, pronoun);
      continue;
    }
    // Infinitives and gerunds with "me": despertarme -> despertarte, mirándome -> mirándote.
    const enclitic = /(?:ar|er|ir|ando|iendo|yendo)me(l[aeo]s?)?$/.exec(word.folded);
    if (enclitic && !ES_NOT_ENCLITIC.has(word.folded)) {
      // sacármelo -> sacártelo: the "me" sits before any "lo/la/le".
      const at = word.raw.length - (enclitic[1]?.length ?? 0) - 2;
      const te = word.raw.slice(at, at + 2) === "ME" ? "TE" : "te";
      out[word.piece] = `${word.raw.slice(0, at)}${te}${word.raw.slice(at + 2)}`;
      continue;
    }
    const before = adjacentBefore(words, index);
    // "el traje", "un toque", "en Roma": a noun or a name ("la/los/las" may also be clitics: "la vi").
    const clitic = before !== undefined && ["la", "los", "las"].includes(before.folded);
    const afterDeterminer =
      before !== undefined &&
      !clitic &&
      (ES_DETERMINERS.has(before.folded) || ES_PREPOSITIONS.has(before.folded));
    if (afterDeterminer || isName(word)) continue;

    const form = esVerbForm(word);
    if (form && !form.ambiguous) {
      // "que lo intente", "cuando me levante": without its accent, a subjunctive.
      const unaccented = form.form.endsWith("é") && !word.lower.endsWith("é");
      const opener = words[subjects.clauseStart(index)]?.folded ?? "";
      if (unaccented && ES_SUBJUNCTIVE_OPENERS.has(opener)) return null;
      if (form.doubtful && !word.lower.endsWith("é")) {
        // "me despierto", "no recuerdo", "lloro y grito": a verb by what comes before it.
        const afterVerbAnd =
          before !== undefined &&
          ["y", "e"].includes(before.folded) &&
          adjacentBefore(words, index - 1) !== undefined &&
          converted.has(index - 2);
        const triggered =
          afterVerbAnd ||
          (before !== undefined &&
            ES_VERB_TRIGGERS.has(before.folded) &&
            !(before.folded === "lo" && ES_ADJECTIVE_LIKE_PRESENT.has(word.folded)));
        if (!triggered) {
          // "Camino por la playa" may be a noun or a verb: unsafe. Mid-clause it is a noun ("tenía sueño").
          if (subjects.startsClause(index) && !ES_PREPOSITIONS.has(word.folded)) return null;
          continue;
        }
      }
      dreamerActs(index, form.second);
      continue;
    }
    if (form) {
      const dreamer = isDreamers(index, word, form);
      if (dreamer === null) return null;
      if (dreamer) dreamerActs(index, form.second);
      else kept.add(index);
      continue;
    }
    const preterite = stressedPreterite(word.lower);
    if (preterite) {
      dreamerActs(index, preterite);
      continue;
    }
    // A first-person form this cannot retell (a future "iré", a "-ré" preterite): not safe.
    if (/[éí]$/.test(word.lower) && !ES_STRESSED_NON_VERBS.has(word.lower)) return null;
    if (unlistedImperfectIsDreamers(index, word)) {
      dreamerActs(index, `${word.lower}s`);
      continue;
    }
    if (word.lower.endsWith("ó") || ES_THIRD_PERSON_PRETERITES.has(word.folded)) state.subject = "third";
  }
  return leftInFirstPerson(words, converted, kept) ? null : out.join("");
}

/** A clause opening with an unknown word in -o ("Sintonizo la radio"): likely a first-person present. */
function startsUnknownClause(words: WordView[], index: number, handled: (index: number) => boolean): boolean {
  const word = words[index];
  if (!word || handled(index) || /[([\]"“”«»]/.test(word.gap)) return false;
  const before = adjacentBefore(words, index);
  if (before && !ES_SUBORDINATORS.has(before.folded)) return false;
  // After a comma, a last word in -o is an adjective in a list ("grande, enorme, sincero"), not a verb.
  const afterComma = !before && !word.sentenceStart;
  if (afterComma && !adjacentAfter(words, index)) return false;
  const nonFinite = ES_GERUND_OR_PARTICIPLE.test(word.folded);
  if (!word.lower.endsWith("o") || word.lower.length < 4 || isName(word) || nonFinite) return false;
  return !(
    ES_NOT_VERB_O.has(word.folded) ||
    ES_CLAUSE_START_NOT_VERB.has(word.folded) ||
    ES_THIRD_PERSON_PRETERITES.has(word.folded) ||
    ES_DETERMINERS.has(word.folded) ||
    isListed(word.folded)
  );
}

/**
 * What the conversion left in the first person: a verb after "yo", "me", "no", "que" or a clitic that was not
 * retold ("yo flotaba", "me despierto", "le pregunto"), or a sentence also about "us" ("mi novio y yo nos
 * casábamos"), which the singular "you" cannot retell.
 */
function leftInFirstPerson(
  words: WordView[],
  converted: ReadonlySet<number>,
  kept: ReadonlySet<number>,
): boolean {
  const handled = (index: number) => converted.has(index) || kept.has(index);
  let sentenceConverted = false;
  let sentencePlural = false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    if (!word) continue;
    if (word.sentenceStart) {
      sentenceConverted = false;
      sentencePlural = false;
    }
    sentenceConverted ||= converted.has(index);
    sentencePlural ||=
      ES_FIRST_PLURAL.has(word.folded) ||
      (ES_FIRST_PLURAL_VERB.test(word.folded) && !ES_NOUNS_IN_MOS.has(word.folded));
    if ((sentenceConverted && sentencePlural) || startsUnknownClause(words, index, handled)) return true;
    const next = adjacentAfter(words, index);
    if (!next || handled(index + 1)) continue;
    if (word.folded === "yo") {
      let at = index + 1;
      while (ES_AFTER_YO.has(words[at]?.folded ?? "") && adjacentAfter(words, at)) at++;
      const verb = words[at];
      if (verb && at > index && !handled(at) && !ES_NON_VERBS_AFTER_YO.has(verb.folded)) return true;
      continue;
    }
    // "lo" is also the neuter article: "lo profundo", "lo mismo".
    const beforeVerb =
      word.folded !== "lo" &&
      (word.folded === "me" || ES_OBJECT_CLITICS.has(word.folded) || ["no", "que"].includes(word.folded));
    if (!beforeVerb || ES_VERB_TRIGGERS.has(next.folded)) continue;
    const firstPersonO =
      next.lower.endsWith("o") &&
      !isNonFinite(next.folded) &&
      !ES_NOT_VERB_O.has(next.folded) &&
      !ES_THIRD_PERSON_PRETERITES.has(next.folded) &&
      !ES_FEMININE.has(next.folded) &&
      !ES_EITHER_GENDER.has(next.folded);
    if (firstPersonO) return true;
  }
  return false;
}

/**
 * The dreamer's own words, retold to them: "I was running from my dog" -> "you were running from your dog",
 * "me perseguía mi perro" -> "te perseguía tu perro", "caminé hasta mi casa" -> "caminaste hasta tu casa".
 * Quoted speech stays as written. Null when a safe conversion is not possible (the words already speak to
 * someone as "you", or a Spanish verb's person cannot be told): the caller then quotes the words as written.
 */
export function toSecondPerson(words: string, language: Language): string | null {
  return language === "en" ? enToSecondPerson(words) : esToSecondPerson(words);
}

/**
 * Words that speak of the dreamer with others ("we", "our", «nos», «caminábamos»): a single "you" cannot
 * retell them, so such words are quoted or left out, never retold as they stand.
 */
export function hasFirstPersonPlural(words: string, language: Language): boolean {
  return lexWords(words).words.some((word) =>
    language === "en"
      ? EN_FIRST_PLURAL.has(word.lower.replaceAll("’", "'"))
      : ES_FIRST_PLURAL.has(word.folded) ||
        (ES_FIRST_PLURAL_VERB.test(word.folded) && !ES_NOUNS_IN_MOS.has(word.folded)),
  );
}

// --- Whole clauses -----------------------------------------------------------------------------------

/** English finite verbs told by their form: auxiliaries and irregular pasts ("ran", "saw", "told"). */
const EN_FINITE = wordSet(`
  am is are was were has have had do does did can could will would shall should may might must isn't aren't
  wasn't weren't hasn't haven't hadn't don't doesn't didn't can't couldn't won't wouldn't shouldn't you're
  you've you'd you'll he's she's it's they're there's went came saw ran got took made said told found felt kept
  left knew thought began stood sat fell held gave brought bought caught flew grew drove rode ate drank swam
  woke wore threw broke spoke hid bit led lost met paid put sent shot shut slept spent stole struck swore
  taught tore won wrote heard hit hurt let meant became chose forgot froze hung lay lit rang rose sang sank
  shook slid sought spun stuck swung understood dug fed fled fought knelt leapt sprang strode
`);
/** Words in -ed that are not a past: "a bed", "a hundred". */
const EN_NOT_PAST = wordSet(`
  bed red shed sled seed need speed feed weed reed hundred naked wicked sacred scared ashamed tired worried
  excited bored confused embarrassed terrified frightened relieved surprised amazed annoyed stressed depressed
  pleased interested exhausted freaked horrified disgusted shocked overwhelmed
`);
/** Words after which an -ed word is an adjective or a noun ("the tired man", "in bed"). */
const EN_BEFORE_ADJECTIVE = wordSet(
  "the a an my your his her their its our this that these those some very so too of in on at with little really kinda bit more most",
);
/** Subjects after which the next word that is not one of these is their verb: "you bite", "they run". */
const EN_SUBJECTS = wordSet("you he she it they");
const EN_NOT_VERB_AFTER_SUBJECT = wordSet(
  "and or but the a an all both too also just never always still then only really suddenly again even",
);
/** Object pronouns before a Spanish verb: "te dijo", "se largaba" ("la", "los" are also articles). */
const ES_CLITICS_BEFORE_VERB = wordSet("me te se le les nos");
/** Finite endings: imperfect, preterite, conditional ("corrías", "llegaste", "cayeron"). */
const ES_FINITE_ENDING = /(?:abas?|aban|ábamos|ías?|ían|íamos|aste|iste|aron|ieron|ó|rá|rán)$/;
/** Words before which an ending like "-ía" names a thing: "la policía", "de alegría". */
const ES_BEFORE_NOUN = wordSet(
  "el la los las un una unos unas mi tu su mis tus sus de del con en a al por para sin",
);
/** Present forms of the verbs the lexicon knows (tienes, caminan, sigue) from their first person. */
const ES_PRESENT_ENDING = /^(.+?)(?:as|es|a|e|an|en)$/;
const ES_ARTICLE_AFTER_VERB = wordSet("el la los las un una unos unas mi mis tu tus su sus");
/** Verbs no form table holds: the commonest presents of ser, estar, haber, ir. */
const ES_FINITE = wordSet(`
  es son eres está están estás hay ha han has va van vas fue fui fuiste fueron sigue siguen sigues tiene tienen
  tienes viene vienen vienes puede pueden puedes quiere quieren quieres hace hacen haces dice dicen dices sale
  salen sales pone ponen pones
`);

function isEsFinite(words: WordView[], index: number): boolean {
  const word = words[index];
  if (!word) return false;
  const before = adjacentBefore(words, index);
  if (before && ES_CLITICS_BEFORE_VERB.has(before.folded)) return true;
  if (ES_FINITE.has(word.folded) || isVerbLike(word) || ES_VERB_FORMS.has(word.folded)) {
    return !(before && ES_BEFORE_NOUN.has(before.folded));
  }
  if (ES_FINITE_ENDING.test(word.lower) && word.folded.length > 3)
    return !(before && ES_BEFORE_NOUN.has(before.folded));
  if (before && ES_BEFORE_NOUN.has(before.folded)) return false;
  const present = ES_PRESENT_ENDING.exec(word.folded);
  const first = present ? ES_VERB_FORMS.get(`${present[1]}o`) : undefined;
  if (first !== undefined && !first.doubtful) return true;
  // "pasan unos perros", "llega la guagua": a present form is told by the article right after it.
  const after = adjacentAfter(words, index);
  return /(?:an|en)$/.test(word.folded) && after !== undefined && ES_ARTICLE_AFTER_VERB.has(after.folded);
}

function isEnFinite(words: WordView[], index: number): boolean {
  const word = words[index];
  if (!word) return false;
  const norm = word.lower.replaceAll("’", "'");
  if (EN_FINITE.has(norm)) return true;
  const before = adjacentBefore(words, index);
  if (/^\p{L}{2,}ed$/u.test(norm) && !EN_NOT_PAST.has(norm))
    return !(before && EN_BEFORE_ADJECTIVE.has(before.lower));
  return (
    before !== undefined &&
    EN_SUBJECTS.has(before.lower) &&
    !EN_NOT_VERB_AFTER_SUBJECT.has(norm) &&
    !/(?:ly|ing)$/.test(norm)
  );
}

/**
 * Whether the words hold a finite verb ("you were", "ran", «corrías», «te dijo»): a clause that can be
 * retold as a sentence, not a bare noun phrase ("a TV", «la gente desconocida»).
 */
export function hasFiniteVerb(words: string, language: Language): boolean {
  const { words: views } = lexWords(words);
  const finite = language === "en" ? isEnFinite : isEsFinite;
  return views.some((_, index) => finite(views, index));
}

/** Whether the first word is a finite verb: an English clause that lost its subject ("was on the beach"). */
export function startsWithVerb(words: string, language: Language): boolean {
  const { words: views } = lexWords(words);
  return language === "en" ? isEnFinite(views, 0) : isEsFinite(views, 0);
}

// --- Lint ----------------------------------------------------------------------------------------------

/** The dreamer's own quoted words are theirs: only the reading's own sentences are checked. */
const QUOTED = /"[^"\n]*"|“[^”]*”|«[^»]*»/g;
const LEFTOVER =
  /\{+[^{}\n]{0,40}\}+|[{}]|\[object Object\]|(?<![\p{L}\p{N}])(?:undefined|null|NaN)(?![\p{L}\p{N}])/gu;
const THIRD_PERSON: Record<Language, RegExp> = {
  en: /(?<!\p{L})(?:the dreamer|dreamer['’]s)(?!\p{L})/giu,
  es: /(?<!\p{L})(?:soñantes?|quien sueña|(?:el|del|al) soñador|la soñadora)(?!\p{L})/giu,
};
const COUNTED: Record<Language, Set<string>> = {
  en: wordSet("symbols dreams times images nights days weeks months years themes feelings readings entries"),
  es: wordSet(
    "símbolos sueños veces imágenes noches días temas lecturas emociones sentimientos semanas meses años",
  ),
};
/** "one of your dreams", "1 de cada 3 sueños", "one hundred times": the count is not 1. */
const COUNT_STOP: Record<Language, Set<string>> = {
  en: wordSet(
    "of or and to out in than by per from at on for with the your these those my a an hundred thousand million dozen",
  ),
  es: wordSet("de del o u y e a al en entre por para con sin cada mil millón millones cien ciento docena"),
};
/** "no one", "every one": a pronoun, not a count. */
const EN_ONE_AS_PRONOUN_AFTER = wordSet("no any every each the this that which");
/** Doubled on purpose: "that that", "had had", "muy muy". */
const DOUBLED_ON_PURPOSE: Record<Language, Set<string>> = {
  en: wordSet("that had is very bye no so"),
  es: wordSet("muy no sí ya"),
};

interface EsArticleFacts {
  gender: EsGender;
  plural: boolean;
  /** Also an object pronoun before a verb: "la miras", "los cuidas". */
  clitic: boolean;
}
const ES_ARTICLES: Record<string, EsArticleFacts> = {
  el: { gender: "m", plural: false, clitic: false },
  del: { gender: "m", plural: false, clitic: false },
  al: { gender: "m", plural: false, clitic: false },
  un: { gender: "m", plural: false, clitic: false },
  una: { gender: "f", plural: false, clitic: false },
  unos: { gender: "m", plural: true, clitic: false },
  unas: { gender: "f", plural: true, clitic: false },
  la: { gender: "f", plural: false, clitic: true },
  los: { gender: "m", plural: true, clitic: true },
  las: { gender: "f", plural: true, clitic: true },
};
/** Words after an article that are not the noun it agrees with: "el que", "la una", "los demás", "el gran". */
const ES_NOT_AGREEING = wordSet(`
  que de del cual cuales y o e u a en con por para sin se lo le les me te nos os mi tu su mis tus sus un una uno
  unos unas el la los las más menos muy tan demás dos tres cuatro cinco seis siete ocho nueve diez cien mil
  primer tercer gran buen mal cada según ahora yo tú sí no tras antes después detrás delante encima debajo ante
  sobre hacia desde hasta entre contra bajo durante como cuando donde mientras sino pero ni aunque porque si
`);

/** The article fails to agree with the noun after it; "la miras", "los cuidas" are clitics, not articles. */
function esAgreementProblem(article: EsArticleFacts, articleWord: string, noun: string): boolean {
  const lower = noun.toLowerCase();
  const folded = foldWord(lower);
  if (article.clitic) {
    // Verb endings after a clitic: "la miró", "los vimos", "los tienen", "las empeoran", "los miras".
    const verbLike =
      /([éíó]|án|[aeo]n)$/.test(lower) ||
      folded.endsWith("mos") ||
      ES_THIRD_PERSON_PRETERITES.has(folded) ||
      (articleWord === "los" && /as?$/.test(folded));
    if (verbLike) return false;
  }
  // "al verla", "al reconocerlos": an infinitive with its pronouns.
  if (/(ar|er|ir|ír)(me|te|se|lo|la|le|nos|los|las|les)+$/.test(lower)) return false;
  const facts = esNounFacts(lower);
  // "la miras", "las mira", "los nombre": a singular or second-person verb after a clitic is no plural slip.
  const checkNumber =
    facts.certainNumber && !(article.clitic && (articleWord === "la" || /[ae]$/.test(folded)));
  if (checkNumber && facts.plural !== article.plural) return true;
  if (!facts.certain) return false;
  if (!facts.plural && facts.gender === "f" && startsWithStressedA(lower)) return articleWord === "la";
  return facts.gender !== article.gender;
}

/** The reading's own words, with what the checks need to know about their neighbours. */
class LintText {
  readonly tokens: Token[];

  constructor(readonly text: string) {
    this.tokens = tokenize(text);
  }

  word(index: number): string {
    const token = this.tokens[index];
    return token ? this.text.slice(token.start, token.end) : "";
  }

  /** Only spaces separate this token from the one before: "the the", "a owl" (not "so-so", "a, b"). */
  adjacent(index: number): boolean {
    const token = this.tokens[index];
    const previous = this.tokens[index - 1];
    return (
      token !== undefined &&
      previous !== undefined &&
      /^\s+$/.test(this.text.slice(previous.end, token.start))
    );
  }

  fragment(from: number, to: number): string {
    return this.text.slice(this.tokens[from]?.start ?? 0, this.tokens[to]?.end ?? 0);
  }
}

/** "1 more symbols", "1 times", "1 símbolos": a count of one before a plural. */
function countProblem(lint: LintText, index: number, language: Language): string | null {
  const lower = lint.word(index).toLowerCase();
  const previous = lint.adjacent(index) ? lint.tokens[index - 1] : undefined;
  const one =
    lower === "1" ||
    (language === "en" && lower === "one" && !(previous && EN_ONE_AS_PRONOUN_AFTER.has(previous.norm)));
  if (!one) return null;
  for (let at = index + 1; at <= index + 3 && lint.adjacent(at); at++) {
    const norm = lint.tokens[at]?.norm ?? "";
    if (COUNT_STOP[language].has(norm)) return null;
    if (!COUNTED[language].has(norm)) continue;
    // "no one dreams", "one dreams of": a verb after the pronoun "one".
    if (lower === "one" && at === index + 1 && norm === "dreams") return null;
    return `plural: "${lint.fragment(index, at)}"`;
  }
  return null;
}

/** "a hour", "an house": the article does not fit the sound of the next word. */
function enArticleProblem(lint: LintText, index: number): string | null {
  const word = lint.word(index);
  const lower = word.toLowerCase();
  const article = lower === "a" || lower === "an" ? lower : null;
  // A capital "A" inside a sentence is a letter or a name ("plan A"), not the article.
  if (!article || !lint.adjacent(index + 1) || (word !== lower && !lint.tokens[index]?.sentenceStart))
    return null;
  const choice = enArticleChoice(lint.word(index + 1));
  return choice.either || choice.article === article ? null : `article: "${lint.fragment(index, index + 1)}"`;
}

/** "la agua", "el camarera", "los símbolo", and "de el"/"a el" for "del"/"al" (not before "El Salvador"). */
function esArticleProblem(lint: LintText, index: number): string | null {
  if (!lint.adjacent(index + 1)) return null;
  const lower = lint.word(index).toLowerCase();
  const next = lint.word(index + 1);
  if ((lower === "de" || lower === "a") && next === "el") {
    const after = lint.adjacent(index + 2) ? lint.word(index + 2) : "";
    return /^\p{Lu}/u.test(after) ? null : `contraction: "${lint.fragment(index, index + 1)}"`;
  }
  const article = ownValue(ES_ARTICLES, lower);
  // A capitalised word is a name ("La Habana", "Los Ángeles"), whose article is its own.
  if (!article || !/^\p{Ll}/u.test(next) || ES_NOT_AGREEING.has(lint.tokens[index + 1]?.norm ?? ""))
    return null;
  return esAgreementProblem(article, lower, next) ? `agreement: "${lint.fragment(index, index + 1)}"` : null;
}

/**
 * Agreement and plural slips a reader would notice, each as a short note with the words at fault:
 * "1 more symbols", "a hour", "the the", a leftover "{name}" or "undefined", "the dreamer" where the reading
 * speaks to "you"; in Spanish also "la agua", "el camarera", "los símbolo", "de el". Quoted words are the
 * dreamer's and are not checked. Correct text gives an empty list.
 */
export function lintReading(text: string, language: Language): string[] {
  const problems = Array.from(text.matchAll(LEFTOVER), (match) => `leftover: "${match[0]}"`);
  const lint = new LintText(text.replace(QUOTED, " | "));
  for (const match of lint.text.matchAll(THIRD_PERSON[language]))
    problems.push(`third person: "${match[0]}"`);
  lint.tokens.forEach((token, index) => {
    const word = lint.word(index);
    const doubled =
      lint.adjacent(index + 1) &&
      word.toLowerCase() === lint.word(index + 1).toLowerCase() &&
      /\p{L}/u.test(word) &&
      !DOUBLED_ON_PURPOSE[language].has(token.norm);
    if (doubled) problems.push(`doubled: "${lint.fragment(index, index + 1)}"`);
    const problem =
      countProblem(lint, index, language) ??
      (language === "en" ? enArticleProblem(lint, index) : esArticleProblem(lint, index));
    if (problem) problems.push(problem);
  });
  return problems;
}
