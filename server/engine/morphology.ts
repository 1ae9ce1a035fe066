/**
 * Generates the surface forms of a lexicon lemma, so the lexicon lists "perro" once and the matcher finds
 * perros, perrita, perritos... Generation (not stemming) keeps precision: only forms a lemma can really
 * take are looked up, and a stemmer's conflations ("ring"/"ringing", "fire"/"fired") never happen.
 * All input and output is folded (see text.ts): accents are gone, ñ stays.
 */

export type Language = "en" | "es";

// --- English -------------------------------------------------------------------------------------------

const EN_IRREGULAR_PLURALS: Record<string, string[]> = {
  man: ["men"],
  woman: ["women"],
  child: ["children"],
  tooth: ["teeth"],
  foot: ["feet"],
  mouse: ["mice"],
  goose: ["geese"],
  person: ["people", "persons"],
  ox: ["oxen"],
  die: ["dice"],
  louse: ["lice"],
  cactus: ["cacti", "cactuses"],
  fungus: ["fungi"],
};

/** Verbs whose past or participle is not "-ed"; present forms are derived regularly. */
const EN_IRREGULAR_VERBS: Record<string, string[]> = {
  arise: ["arose", "arisen"],
  awake: ["awoke", "awoken"],
  be: ["am", "is", "are", "was", "were", "been", "being"],
  bear: ["bore", "borne", "born"],
  beat: ["beat", "beaten"],
  become: ["became"],
  begin: ["began", "begun"],
  bend: ["bent"],
  bite: ["bit", "bitten"],
  bleed: ["bled"],
  blow: ["blew", "blown"],
  break: ["broke", "broken"],
  breed: ["bred"],
  bring: ["brought"],
  build: ["built"],
  burn: ["burnt", "burned"],
  burst: ["burst"],
  buy: ["bought"],
  catch: ["caught"],
  choose: ["chose", "chosen"],
  climb: [],
  cling: ["clung"],
  come: ["came"],
  cost: ["cost"],
  creep: ["crept"],
  cut: ["cut"],
  deal: ["dealt"],
  dig: ["dug"],
  dive: ["dove", "dived"],
  spell: ["spelt", "spelled"],
  do: ["did", "done", "does"],
  draw: ["drew", "drawn"],
  dream: ["dreamt", "dreamed"],
  drink: ["drank", "drunk"],
  drive: ["drove", "driven"],
  eat: ["ate", "eaten"],
  fall: ["fell", "fallen"],
  feed: ["fed"],
  feel: ["felt"],
  fight: ["fought"],
  find: ["found"],
  flee: ["fled"],
  fling: ["flung"],
  fly: ["flew", "flown", "flies"],
  forget: ["forgot", "forgotten"],
  freeze: ["froze", "frozen"],
  get: ["got", "gotten"],
  give: ["gave", "given"],
  go: ["went", "gone", "goes"],
  grind: ["ground"],
  grow: ["grew", "grown"],
  hang: ["hung"],
  have: ["had", "has"],
  hear: ["heard"],
  hide: ["hid", "hidden"],
  hit: ["hit"],
  hold: ["held"],
  hurt: ["hurt"],
  keep: ["kept"],
  kneel: ["knelt"],
  know: ["knew", "known"],
  lay: ["laid"],
  lead: ["led"],
  leap: ["leapt", "leaped"],
  leave: ["left"],
  lend: ["lent"],
  let: ["let"],
  lie: ["lay", "lain", "lying"],
  light: ["lit"],
  lose: ["lost"],
  make: ["made"],
  mean: ["meant"],
  meet: ["met"],
  pay: ["paid"],
  put: ["put"],
  quit: ["quit"],
  read: ["read"],
  ride: ["rode", "ridden"],
  ring: ["rang", "rung"],
  rise: ["rose", "risen"],
  run: ["ran"],
  say: ["said"],
  see: ["saw", "seen"],
  seek: ["sought"],
  sell: ["sold"],
  send: ["sent"],
  set: ["set"],
  shake: ["shook", "shaken"],
  shine: ["shone"],
  shoot: ["shot"],
  shrink: ["shrank", "shrunk"],
  shut: ["shut"],
  sing: ["sang", "sung"],
  sink: ["sank", "sunk"],
  sit: ["sat"],
  slay: ["slew", "slain"],
  sleep: ["slept"],
  slide: ["slid"],
  speak: ["spoke", "spoken"],
  spend: ["spent"],
  spin: ["spun"],
  spit: ["spat"],
  split: ["split"],
  spread: ["spread"],
  spring: ["sprang", "sprung"],
  stand: ["stood"],
  steal: ["stole", "stolen"],
  stick: ["stuck"],
  sting: ["stung"],
  strike: ["struck", "stricken"],
  swear: ["swore", "sworn"],
  sweep: ["swept"],
  swim: ["swam", "swum"],
  swing: ["swung"],
  take: ["took", "taken"],
  teach: ["taught"],
  tear: ["tore", "torn"],
  tell: ["told"],
  think: ["thought"],
  throw: ["threw", "thrown"],
  tread: ["trod", "trodden"],
  understand: ["understood"],
  wake: ["woke", "woken"],
  wear: ["wore", "worn"],
  weep: ["wept"],
  win: ["won"],
  wind: ["wound"],
  write: ["wrote", "written"],
};

const VOWELS = "aeiou";
const isVowel = (char: string | undefined) => char !== undefined && VOWELS.includes(char);

function englishNounForms(word: string): string[] {
  const forms = new Set([word]);
  for (const plural of EN_IRREGULAR_PLURALS[word] ?? []) forms.add(plural);
  const last = word.at(-1);
  if (/(s|x|z|ch|sh)$/.test(word)) forms.add(`${word}es`);
  else if (last === "y" && !isVowel(word.at(-2))) forms.add(`${word.slice(0, -1)}ies`);
  else forms.add(`${word}s`);
  if (last === "o") forms.add(`${word}es`);
  if (word.endsWith("fe")) forms.add(`${word.slice(0, -2)}ves`);
  else if (last === "f") forms.add(`${word.slice(0, -1)}ves`);
  return [...forms];
}

function englishVerbForms(verb: string): string[] {
  const forms = new Set([verb]);
  const last = verb.at(-1) ?? "";
  const beforeLast = verb.at(-2);
  // Third person.
  if (/(s|x|z|ch|sh|o)$/.test(verb)) forms.add(`${verb}es`);
  else if (last === "y" && !isVowel(beforeLast)) forms.add(`${verb.slice(0, -1)}ies`);
  else forms.add(`${verb}s`);
  // Consonant doubling (stop -> stopped) depends on stress the code cannot see: both spellings are harmless.
  const doubles = !isVowel(last) && isVowel(beforeLast) && !isVowel(verb.at(-3)) && !"wxy".includes(last);
  const doubled = doubles ? verb + last : null;
  // Past and participle: an irregular verb takes only its own ("be" must not make "bed").
  const irregular = EN_IRREGULAR_VERBS[verb];
  if (!irregular || irregular.length === 0) {
    if (last === "e") forms.add(`${verb}d`);
    else if (last === "y" && !isVowel(beforeLast)) forms.add(`${verb.slice(0, -1)}ied`);
    else forms.add(`${verb}ed`);
    if (doubled) forms.add(`${doubled}ed`);
  }
  // Gerund.
  if (verb.endsWith("ie")) forms.add(`${verb.slice(0, -2)}ying`);
  else if (last === "e" && !verb.endsWith("ee") && verb.length > 2) forms.add(`${verb.slice(0, -1)}ing`);
  else forms.add(`${verb}ing`);
  if (doubled) forms.add(`${doubled}ing`);
  for (const irregular of EN_IRREGULAR_VERBS[verb] ?? []) forms.add(irregular);
  return [...forms];
}

// --- Spanish -------------------------------------------------------------------------------------------

/**
 * Generated forms that are everyday words of another meaning ("rata" must not make "rato", a while;
 * "casa" must not make "caso"). They are never produced; a lexicon can still list one with "=".
 */
const ES_BLOCKED_FORMS = new Set([
  // Diminutives that became words of their own.
  "pelota",
  "pelotas",
  "pandilla",
  "bombilla",
  "bombillas",
  "cigarrillo",
  "cigarrillos",
  "gatillo",
  "tortilla",
  "pastilla",
  "pastillas",
  "bolsillo",
  "bolsillos",
  "palillo",
  "camilla",
  "carretilla",
  "mantequilla",
  "colilla",
  "barquillo",
  "manzanilla",
  "orilla",
  "orillas",
  "cuernito",
  "polla",
  "rato",
  "ratos",
  "caso",
  "casos",
  "plata",
  "libra",
  "puerto",
  "cuadro",
  "solito",
  "solita",
  "pato",
  "pata",
  "patas",
  "mana",
  "pela",
  "cara",
  "caro",
  "cuento",
  "banca",
  "foca",
  "manito",
]);

/** Stem for a suffix starting with e/i: "vaca" -> "vaqu", "lago" -> "lagu", "pez" -> "pec". */
function softenStem(stem: string): string {
  if (stem.endsWith("c")) return `${stem.slice(0, -1)}qu`;
  if (stem.endsWith("g")) return `${stem.slice(0, -1)}gu`;
  if (stem.endsWith("z")) return `${stem.slice(0, -1)}c`;
  return stem;
}

const GENDERED_ENDINGS = ["o", "a", "os", "as"];

function spanishNounForms(word: string, gendered: boolean): string[] {
  const forms = new Set([word]);
  const last = word.at(-1) ?? "";
  if (isVowel(last)) {
    forms.add(`${word}s`);
    const stem = word.slice(0, -1);
    if (last === "o" || last === "a") {
      if (gendered) for (const ending of GENDERED_ENDINGS) forms.add(stem + ending);
      const soft = softenStem(stem);
      for (const ending of GENDERED_ENDINGS) {
        forms.add(`${soft}it${ending}`);
        forms.add(`${soft}ill${ending}`);
      }
    } else {
      for (const ending of GENDERED_ENDINGS) forms.add(`${word}cit${ending}`);
    }
  } else if (last === "z") {
    const stem = word.slice(0, -1);
    forms.add(`${stem}ces`);
    for (const ending of GENDERED_ENDINGS) forms.add(`${stem}cecit${ending}`);
  } else {
    forms.add(`${word}es`);
    for (const ending of GENDERED_ENDINGS) {
      forms.add(`${word}cit${ending}`);
      forms.add(`${word}it${ending}`);
    }
    if (last === "n" || last === "r") for (const ending of GENDERED_ENDINGS) forms.add(`${word}cit${ending}`);
  }
  // A lemma keeps its own plural ("pastilla" -> "pastillas") even when others may not produce it.
  const own = new Set([word, `${word}s`, `${word}es`]);
  for (const blocked of ES_BLOCKED_FORMS) if (!own.has(blocked)) forms.delete(blocked);
  for (const common of ES_COMMON_WORDS) if (!own.has(common)) forms.delete(common);
  return [...forms];
}

const ES_ENDINGS: Record<"ar" | "er" | "ir", string[]> = {
  ar: [
    ...["o", "as", "a", "amos", "ais", "an"],
    ...["e", "aste", "o", "asteis", "aron"],
    ...["aba", "abas", "abamos", "abais", "aban"],
    ...["are", "aras", "ara", "aremos", "areis", "aran"],
    ...["aria", "arias", "ariamos", "ariais", "arian"],
    ...["e", "es", "emos", "eis", "en"],
    ...["ara", "aras", "aramos", "arais", "aran", "ase", "ases", "asemos", "aseis", "asen"],
    ...["ando", "ado", "ada", "ados", "adas", "ar", "ad"],
  ],
  er: [
    ...["o", "es", "e", "emos", "eis", "en"],
    ...["i", "iste", "io", "imos", "isteis", "ieron"],
    ...["ia", "ias", "iamos", "iais", "ian"],
    ...["ere", "eras", "era", "eremos", "ereis", "eran"],
    ...["eria", "erias", "eriamos", "eriais", "erian"],
    ...["a", "as", "amos", "ais", "an"],
    ...["iera", "ieras", "ieramos", "ierais", "ieran", "iese", "ieses", "iesen"],
    ...["iendo", "ido", "ida", "idos", "idas", "er", "ed"],
  ],
  ir: [
    ...["o", "es", "e", "imos", "is", "en"],
    ...["i", "iste", "io", "imos", "isteis", "ieron"],
    ...["ia", "ias", "iamos", "iais", "ian"],
    ...["ire", "iras", "ira", "iremos", "ireis", "iran"],
    ...["iria", "irias", "iriamos", "iriais", "irian"],
    ...["a", "as", "amos", "ais", "an"],
    ...["iera", "ieras", "ieramos", "ierais", "ieran", "iese", "ieses", "iesen"],
    ...["iendo", "ido", "ida", "idos", "idas", "ir", "id"],
  ],
};

const CLITICS = ["me", "te", "se", "nos", "os", "lo", "la", "le", "los", "las", "les"];
/** Endings that take enclitic pronouns: infinitive, gerund, imperative. */
const CLITIC_HOSTS = new Set(["ar", "er", "ir", "ando", "iendo", "a", "e", "ad", "ed", "id"]);

/**
 * Stem-changing verbs (volar -> vuela, morir -> murió, pedir -> pide), spelled out from the last stem vowel.
 * e -> i and o -> u happen only in -ir verbs; u -> ue only in jugar.
 */
function stemVariants(stem: string, type: "ar" | "er" | "ir"): string[] {
  const variants = new Set([stem]);
  const index = Math.max(stem.lastIndexOf("e"), stem.lastIndexOf("o"), stem.lastIndexOf("u"));
  if (index < 0) return [...variants];
  const head = stem.slice(0, index);
  const tail = stem.slice(index + 1);
  const vowel = stem[index];
  if (vowel === "e") {
    variants.add(`${head}ie${tail}`);
    if (type === "ir") variants.add(`${head}i${tail}`);
  } else if (vowel === "o") {
    variants.add(`${head}ue${tail}`);
    if (type === "ir") variants.add(`${head}u${tail}`);
  } else if (stem.endsWith("jug")) {
    variants.add(`${head}ue${tail}`);
  }
  return [...variants];
}

/** Everyday Spanish words a conjugation can spell by accident ("jamar" -> "jamás"); never generated. */
const ES_COMMON_WORDS = new Set(
  "jugo jugos lastima armadillo a e o u y de del se la lo le las los les el en un una unos unas al con por sin que mi tu su me te nos os ya si no ni jamas nada todo toda todos como cosa cosas para pero era eras fue fui sera vez veces mas menos casa caso rato mano solo sola sobre entre donde cuando mientras luego despues antes ahora hoy aqui alli ahi esto esta este eso esa ese algo alguien nadie nunca siempre tambien tampoco bien mal mucho mucha poco poca otro otra mismo misma cual quien quienes porque pues mas".split(
    " ",
  ),
);

/**
 * Orthographic changes that keep a stem's sound: -ar verbs before e (busqué, llegué, empecé), -er/-ir verbs
 * before a/o (venzo, escojo, sigo).
 */
function spellingVariants(stem: string, ending: string, type: "ar" | "er" | "ir"): string[] {
  const first = ending[0];
  if (type === "ar" && first === "e") {
    if (stem.endsWith("c")) return [`${stem.slice(0, -1)}qu${ending}`];
    if (stem.endsWith("g")) return [`${stem.slice(0, -1)}gu${ending}`];
    if (stem.endsWith("z")) return [`${stem.slice(0, -1)}c${ending}`];
  }
  if (type !== "ar" && (first === "a" || first === "o")) {
    if (stem.endsWith("gu")) return [`${stem.slice(0, -1)}${ending}`];
    if (stem.endsWith("g")) return [`${stem.slice(0, -1)}j${ending}`];
    if (stem.endsWith("c")) return [`${stem.slice(0, -1)}z${ending}`, stem + ending];
  }
  return [stem + ending];
}

/** Irregular forms of frequent Spanish verbs (folded), added to the regular pattern. */
const ES_IRREGULAR_VERBS: Record<string, string> = {
  dar: "doy di diste dio dimos dieron diera dieran de des den dando dado",
  ir: "voy vas va vamos van fui fuiste fue fuimos fueron iba ibas ibamos iban vaya vayan yendo ido",
  ser: "soy eres es somos son fui fuiste fue fuimos fueron era eras eramos eran sea sean siendo sido",
  estar: "estoy estas esta estamos estan estuve estuviste estuvo estuvimos estuvieron este esten",
  tener: "tengo tienes tiene tenemos tienen tuve tuviste tuvo tuvimos tuvieron tenga tengan tendre tendria",
  hacer: "hago haces hace hacemos hacen hice hiciste hizo hicimos hicieron haga hagan hecho hecha haria",
  poner: "pongo pone ponen puse pusiste puso pusimos pusieron ponga puesto puesta",
  venir: "vengo viene vienen vine viniste vino vinimos vinieron venga viniendo",
  decir: "digo dice dicen dije dijiste dijo dijimos dijeron diga diciendo dicho",
  ver: "veo ves ve vemos ven vi viste vio vimos vieron veia veian vea visto viendo",
  caer: "caigo cae caen cai caiste cayo caimos cayeron caia caian caiga caigan cayendo caido caida cayera",
  traer: "traigo traje trajo trajeron trayendo traido",
  oir: "oigo oye oyen oi oyo oyeron oyendo oido",
  huir: "huyo huye huyen hui huiste huyo huimos huyeron huia huian huya huyendo huido",
  morir:
    "muero muere mueren mori moriste murio morimos murieron moria morian muera muriendo muerto muerta muertos muertas",
  dormir: "duermo duerme duermen durmio durmieron durmiendo dormido",
  andar: "anduve anduvo anduvieron",
  conducir: "conduzco conduje condujo condujeron",
  seguir: "sigo sigue siguen siguio siguieron siguiendo",
  perseguir: "persigo persigue persiguen persiguio persiguieron persiguiendo",
  conseguir: "consigo consigue consiguio consiguieron",
  poder: "puedo puede pueden pude pudo pudieron pudiendo",
  querer: "quiero quiere quieren quise quiso quisieron",
  saber: "se sabe saben supe supo supieron sepa",
  volar: "vuelo vuela vuelan vuele",
  volver: "vuelvo vuelve vuelven vuelto",
  escribir: "escrito",
  abrir: "abierto",
  romper: "roto rota",
  reir: "rien rei reia reian riendo reido ria",
  sonreir: "sonrio sonrien sonriendo",
  freir: "frito frita",
};

function spanishVerbForms(infinitive: string): string[] {
  const base = infinitive.endsWith("se") ? infinitive.slice(0, -2) : infinitive;
  const type = base.slice(-2);
  if (type !== "ar" && type !== "er" && type !== "ir") return [infinitive];
  const stem = base.slice(0, -2);
  const forms = new Set<string>([infinitive, base]);
  // ir, ser, ver, dar: the regular pattern on a one-letter stem spells prepositions ("de", "se", "a").
  if (stem.length <= 1) {
    for (const form of ES_IRREGULAR_VERBS[base]?.split(" ") ?? []) forms.add(form);
    return [...forms];
  }
  for (const form of ES_IRREGULAR_VERBS[base]?.split(" ") ?? []) forms.add(form);
  const raisedO = type === "ir" ? stem.replace(/o([^aeiou]*)$/, "u$1") : stem;
  for (const variant of stemVariants(stem, type)) {
    for (const ending of ES_ENDINGS[type]) {
      // o -> u (murió, durmiendo) only before a stressed i or in -amos/-áis of the subjunctive.
      if (variant === raisedO && variant !== stem && !/^(i[eo]|amos|ais)/.test(ending)) continue;
      for (const form of spellingVariants(variant, ending, type)) {
        forms.add(form);
        if (CLITIC_HOSTS.has(ending)) {
          for (const clitic of CLITICS) forms.add(form + clitic);
        }
      }
    }
  }
  // -er/-ir verbs with a vowel stem (caer, leer, huir) write the i of the ending as y: cayendo, leyó.
  if (isVowel(stem.at(-1))) {
    for (const ending of ["yo", "yeron", "yendo", "yera", "yeran"]) forms.add(stem + ending);
  }
  for (const word of ES_COMMON_WORDS) if (word !== base) forms.delete(word);
  return [...forms];
}

// --- Public --------------------------------------------------------------------------------------------

export interface FormOptions {
  language: Language;
  verb: boolean;
  /** Spanish people and animals also take the other gender: niño -> niña, perro -> perra. */
  gendered: boolean;
}

/** Words too short or too grammatical to inflect inside a phrase ("de", "of", "the"). */
const FUNCTION_WORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "to",
  "in",
  "on",
  "at",
  "my",
  "i",
  "de",
  "del",
  "el",
  "la",
  "los",
  "las",
  "un",
  "una",
  "en",
  "al",
  "mi",
  "y",
  "o",
  "con",
  "por",
  "que",
  "no",
  "se",
  "me",
]);

export function surfaceForms(word: string, options: FormOptions): string[] {
  if (FUNCTION_WORDS.has(word) || (word.length <= 2 && !options.verb)) return [word];
  if (options.language === "en") {
    return options.verb
      ? [...new Set([...englishVerbForms(word), ...englishNounForms(word)])]
      : englishNounForms(word);
  }
  return options.verb ? spanishVerbForms(word) : spanishNounForms(word, options.gendered);
}
