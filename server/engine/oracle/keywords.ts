import { tokenize } from "../text";

/**
 * Words that come back across a practice journal: plain keyword frequency over content words, in English and
 * Spanish (people mix them). A word counts once per entry; plurals are counted with their singular.
 */

const STOP_WORDS = new Set(
  // English function words and the commonest verbs, adverbs and fillers of a journal.
  (
    "about above after again against all also although always am among an and another any anyone anything " +
    "are around as at away back be because been before being below between both but by came can cannot " +
    "could day days did didn't do does doesn't doing don't done down during each either else enough even " +
    "ever every everything few for from get gets getting go goes going gone got had has have having he her " +
    "here hers herself him himself his how however i i'm i've if in into is isn't it it's its itself just " +
    "keep kept know last less let like little lot lots made make makes making many may me might mine more " +
    "most much must my myself never new next no nor not nothing now of off often on once one only or other " +
    "others our ours ourselves out over own part quite rather really right said same say see seem seemed " +
    "she should since so some something sometimes still such take than that that's the their theirs them " +
    "themselves then there these they thing things think this those though through time times to today " +
    "together too took toward towards try tried trying under until up upon us use used very was wasn't way " +
    "we well went were weren't what when where whether which while who whom whose why will with within " +
    "without would yes yet you your yours yourself felt feel feeling feels bit maybe pretty want wanted " +
    "saying asked asking told telling talk talked " +
    // Spanish function words and the commonest verbs, adverbs and fillers of a journal.
    "a al algo alguien algun alguna algunas alguno algunos ante antes aqui asi aun aunque bajo bien cada casi " +
    "como con contra cual cuales cuando cuanto de del desde despues donde dos durante el ella ellas ello " +
    "ellos en entonces entre era eran eres es esa esas ese eso esos esta estaba estaban estado estamos estan " +
    "estar estas este esto estos estoy fue fueron fui ha habia hace hacer hacia han has hasta hay he hice " +
    "hizo hoy la las le les lo los mas me mi mis mismo mucha muchas mucho muchos muy nada ni no nos nosotros " +
    "nuestra nuestro o otra otras otro otros para pero poco poca por porque pude puede pues que quien se " +
    "sea ser si sido siempre sin sobre solo son soy su sus tal tambien tan tanto te tener tengo tenia ti " +
    "tiene tienen toda todas todo todos tu tus un una uno unos unas usted ya yo vez veces dia dias sentia " +
    "senti siento sentir creo cosa cosas poder quiero queria"
  )
    .split(" ")
    .map((word) => tokenize(word)[0]?.norm ?? word),
);

const MIN_LENGTH = 4;

export interface Keyword {
  /** As the person wrote it most often, in lower case. */
  word: string;
  /** In how many of the texts it appears. */
  texts: number;
  occurrences: number;
}

/** A plural and its singular share a key: "fears" and "fear", «miedos» and «miedo». */
function keyOf(norm: string): string {
  return norm.length > MIN_LENGTH && norm.endsWith("s") && !norm.endsWith("ss") ? norm.slice(0, -1) : norm;
}

interface Tally {
  texts: number;
  occurrences: number;
  forms: Map<string, number>;
  first: number;
}

/** The content words found in at least two of `texts`, most widespread first, at most `limit`. */
export function recurringWords(texts: readonly string[], limit: number): Keyword[] {
  const tallies = new Map<string, Tally>();
  let order = 0;
  for (const text of texts) {
    const seenHere = new Set<string>();
    for (const token of tokenize(text)) {
      if (token.norm.length < MIN_LENGTH || STOP_WORDS.has(token.norm) || /\d/.test(token.norm)) continue;
      const key = keyOf(token.norm);
      const tally = tallies.get(key) ?? { texts: 0, occurrences: 0, forms: new Map(), first: order++ };
      const form = text.slice(token.start, token.end).toLowerCase();
      tally.forms.set(form, (tally.forms.get(form) ?? 0) + 1);
      tally.occurrences++;
      if (!seenHere.has(key)) tally.texts++;
      seenHere.add(key);
      tallies.set(key, tally);
    }
  }
  return [...tallies.values()]
    .filter((tally) => tally.texts >= 2)
    .sort((a, b) => b.texts - a.texts || b.occurrences - a.occurrences || a.first - b.first)
    .slice(0, limit)
    .map((tally) => ({
      word: [...tally.forms.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "",
      texts: tally.texts,
      occurrences: tally.occurrences,
    }));
}
