import { CARE_KINDS, type CareKind } from "../../../contract/reading";
import type { Language } from "../morphology";
import { foldWord } from "../text";
import type { SafetyAnalysis, Span } from "./types";

/**
 * Finds content that must switch a reading to its care template: sexual violence, self-harm and suicide,
 * harm to children, hanging or strangling, pregnancy loss and the death (or mortal danger) of someone alive in
 * waking life, a pet included.
 * A missed assault costs far more than a care note too many, so a dream that mixes languages is read with
 * the patterns of both; idioms ("dying of laughter", "me moría de risa", "hang out", "jugar al ahorcado")
 * and fiction ("killing zombies in a video game") are kept out. Every pattern runs over the folded text
 * (lower case, no accents, same length as the dream), so offsets are the dream's own.
 */

// --- Pattern building ----------------------------------------------------------------------------------

const LETTER = "a-z0-9ñ";
const any = (...parts: string[]) => `(?:${parts.join("|")})`;
/** Whole words only; a space in a pattern stands for any run of white space. */
const pattern = (...parts: string[]) =>
  new RegExp(spaces(`(?<![${LETTER}])${any(...parts)}(?![${LETTER}])`), "g");
/** " ?" is optional white space, " " any run of it. */
function spaces(source: string): string {
  return source.replaceAll(" ?", String.raw`\s*`).replaceAll(" ", String.raw`\s+`);
}

/** Not right after one of these words (a lookbehind that respects word starts: "hermano" is not "no"). */
const notAfter = (...words: string[]) => `(?<!(?<![${LETTER}'])${any(...words)} )`;

const ADVERB = "(?:[a-z]+ly )?";
const NOT_EN = `${notAfter("not", "never")}(?<!n't )`;
const NOT_ES = notAfter("no", "nunca", "ni");

// --- People ----------------------------------------------------------------------------------------------

const EN_CHILD = any(
  "bab(?:y|ies)",
  "infants?",
  "newborns?",
  "toddlers?",
  "child(?:ren)?",
  "kids?",
  "(?:little|young|small|baby) (?:boys?|girls?|ones)",
  "(?:my|our|his|her|their|your) (?:sons?|daughters?|grandsons?|granddaughters?|nieces?|nephews?|step(?:son|daughter)s?)",
);
const ES_CHILD = any(
  "bebes?",
  "bebit[oa]s?",
  "bebas?",
  "recien nacid[oa]s?",
  "[nñ]i[nñ][oa]s?",
  "[nñ]i[nñ]it[oa]s?",
  "nen[ea]s?",
  "chamac[oa]s?",
  "chamaquit[oa]s?",
  "escuincles?",
  "crios?",
  "chiquill[oa]s?",
  "hij[oa]s?(?! de (?:puta|perra|su madre|la chingada))",
  "hijit[oa]s?",
  "(?:mis?|tus?|sus?|nuestr[oa]s?) (?:niet[oa]s?|sobrin[oa]s?)",
);
const CHILD = any(EN_CHILD, ES_CHILD);

/** The dreamer's own people, by the word that names them; synonyms share a key. */
const RELATIVE_KEYS: Record<string, string[]> = {
  mother: [
    "mom",
    "mum",
    "mother",
    "mommy",
    "mummy",
    "mama",
    "momma",
    "mamma",
    "madre",
    "mami",
    "mamita",
    "mai",
    "vieja",
  ],
  father: ["dad", "father", "daddy", "papa", "papi", "padre", "papito", "pai", "viejo"],
  parents: ["parents", "padres", "papas", "viejos"],
  grandmother: ["grandma", "grandmother", "granny", "nana", "abuela", "abuelita"],
  grandfather: ["grandpa", "grandfather", "granddad", "grandad", "abuelo", "abuelito"],
  husband: ["husband", "esposo", "marido"],
  wife: ["wife", "esposa", "mujer"],
  brother: ["brother", "hermano", "hermanito"],
  sister: ["sister", "hermana", "hermanita"],
  son: ["son", "hijo", "hijito"],
  daughter: ["daughter", "hija", "hijita"],
  baby: ["baby", "bebe", "beba", "bebito", "bebita"],
  dog: [
    "dog",
    "puppy",
    "pup",
    "guide dog",
    "service dog",
    "dog guide",
    "seeing eye dog",
    "leader dog",
    "perro",
    "perra",
    "perrito",
    "perrita",
    "perro guia",
    "perro lazarillo",
    "perra guia",
    "cachorro",
    "cachorra",
  ],
  cat: ["cat", "kitty", "kitten", "gato", "gata", "gatito", "gatita", "michi"],
  horse: ["horse", "pony", "caballo", "yegua", "poni"],
};
const RELATIVE_KEY = new Map(
  Object.entries(RELATIVE_KEYS).flatMap(([key, names]) => names.map((name) => [name, key] as const)),
);

/** The dreamer's own animals: their death in a dream is the loss of someone alive in waking life too. */
const EN_PET_WORD = any(
  "(?:guide|service|therapy|seeing[- ]eye|leader)[- ]dogs?",
  "dog[- ]guides?",
  "dogs?",
  "pupp(?:y|ies)",
  "pups?",
  "cats?",
  "kitt(?:y|en|ens)",
  "horses?",
  "pon(?:y|ies)",
  "pets?(?! (?:project|peeve|theory|name|hate))",
  "parrots?",
  "rabbits?",
  "bunn(?:y|ies)",
  "hamsters?",
);
const ES_PET_WORD = any(
  "perr[oa]s? (?:guia|lazarillo)",
  "perr[oa]s?",
  "perrit[oa]s?",
  "cachorr[oa]s?",
  "gat[oa]s?",
  "gatit[oa]s?",
  "michis?",
  "caballos?",
  "yeguas?",
  "ponis?",
  "mascotas?",
  "loros?",
  "conej[oa]s?",
  "conejit[oa]s?",
  "hamsters?",
);

const EN_RELATIVE_WORD = any(
  EN_PET_WORD,
  "mom",
  "mum",
  "mother",
  "mommy",
  "mummy",
  "mama",
  "momma",
  "mamma",
  "dad",
  "father",
  "daddy",
  "papa",
  "parents",
  "husband",
  "wife",
  "spouse",
  "partner",
  "boyfriend",
  "girlfriend",
  "fiancee?",
  "sons?",
  "daughters?",
  "child(?:ren)?",
  "kids?",
  "baby",
  "brothers?",
  "sisters?",
  "siblings?",
  "twin",
  "grandma",
  "grandmother",
  "granny",
  "nana",
  "grandpa",
  "grandfather",
  "grand?dad",
  "grandparents",
  "aunt(?:ie)?",
  "uncle",
  "cousins?",
  "nieces?",
  "nephews?",
  "grandsons?",
  "granddaughters?",
  "friends?",
  "bestie",
  "family",
  "step(?:mom|mother|dad|father)",
);
const ES_RELATIVE_WORD = any(
  ES_PET_WORD,
  "mama",
  "mami",
  "madre",
  "mamita",
  "mai",
  "vieja",
  "papa",
  "papi",
  "padre",
  "papito",
  "pai",
  "viejo",
  "padres",
  "papas",
  "viejos",
  "esposo",
  "esposa",
  "marido",
  "mujer",
  "pareja",
  "novi[oa]",
  "prometid[oa]",
  "hij[oa]s?",
  "hijit[oa]s?",
  "bebes?",
  "bebas?",
  "bebit[oa]",
  "herman[oa]s?",
  "hermanit[oa]s?",
  "abuel[oa]s?",
  "abuelit[oa]s?",
  "ti[oa]s?",
  "prim[oa]s?",
  "sobrin[oa]s?",
  "niet[oa]s?",
  "amig[oa]s?",
  "mejor amig[oa]",
  "familia",
  "gemel[oa]s?",
  "cu[nñ]ad[oa]s?",
  "suegr[oa]s?",
  "madrastra",
  "padrastro",
);
const EN_RELATIVE = any(
  `(?:my|our) (?:(?:little|big|old|older|younger|baby|twin|best|dear|beloved|own|whole|entire|oldest|youngest|eldest|sweet) )*${EN_RELATIVE_WORD}`,
  `${notAfter("the", "a", "an", "his", "her", "their", "your", "its", "whose")}(?:mom|mum|mommy|mummy|dad|daddy|grandma|grandpa)`,
);
const ES_RELATIVE = any(
  `(?:mis?|nuestr[oa]s?) (?:(?:querid[oa]s?|pobre|propi[oa]|mejor|viej[oa]s?|linda|lindo) )?${ES_RELATIVE_WORD}(?: (?:menor|mayor|chiquit[oa]|peque[nñ][oa]))?`,
  `${notAfter("el", "la", "los", "las", "un", "una", "su", "sus", "tu", "tus", "mis?")}(?:mami|papi|abuelit[oa])`,
);
const RELATIVE_PHRASE = pattern(EN_RELATIVE, ES_RELATIVE);
const RELATIVE_WORD = pattern(EN_RELATIVE_WORD, ES_RELATIVE_WORD);
/**
 * The patterns about relatives run over a copy of the text where each relative ("my older sister",
 * "mi mamá") is a run of this mark: they stay small enough for the regex engine to compile them well.
 */
const MARK = "\u0001";
const RELATIVE = `(?<!${MARK})${MARK}+`;
/** A relative who is the subject, not the owner of something ("my friend's dog", "el perro de mi amigo"). */
const RELATIVE_SUBJECT = `${notAfter("of", "de")}${RELATIVE}(?!'s)`;
const CHILD_ONLY = pattern(CHILD);

/** People a "he", "she" or a Spanish verb without a subject may point back to. */
const ANTECEDENT = new RegExp(
  spaces(
    `(?<![${LETTER}])(?:(?<relative>${RELATIVE_SUBJECT})|(?<child>${CHILD})|(?<person>${any(
      "m[ae]n",
      "wom[ae]n",
      "guys?",
      "lady",
      "person",
      "people",
      "stranger",
      "someone",
      "somebody",
      "soldiers?",
      "friend",
      "neighbou?r",
      "coworker",
      "boss",
      "hombres?",
      "mujeres?",
      "se[nñ]or(?:a|es)?",
      "tip[oa]",
      "chav[oa]",
      "personas?",
      "gente",
      "desconocid[oa]",
      "alguien",
      "soldados?",
      "vecin[oa]",
      "jef[ea]",
      "muchach[oa]",
      "pibe",
      "amig[oa]",
      // Animals and bodies: "the snake... it was already dead" is no one's death.
      "animals?",
      "dogs?",
      "cats?",
      "snakes?",
      "birds?",
      "horses?",
      "fish",
      "rats?",
      "mice",
      "spiders?",
      "wol(?:f|ves)",
      "bears?",
      "tigers?",
      "lions?",
      "body",
      "perr[oa]s?",
      "gat[oa]s?",
      "viboras?",
      "serpientes?",
      "culebras?",
      "pajar[oa]s?",
      "caballos?",
      "animal(?:es)?",
      "pez",
      "ratas?",
      "ratones?",
      "ara[nñ]as?",
      "gallinas?",
      "pollos?",
      "lob[oa]s?",
      "osos?",
      "tigres?",
      "leon(?:es)?",
      "bichos?",
      "cuerpo",
      // Monsters: "a zombie grabbed my dad and I shot him" shoots the zombie.
      "zombies?",
      "monsters?",
      "creatures?",
      "demons?",
      "vampires?",
      "ghosts?",
      "aliens?",
      "robots?",
      "zombis?",
      "monstruos?",
      "criaturas?",
      "demonios?",
      "vampiros?",
      "fantasmas?",
      "extraterrestres?",
    )}))(?![${LETTER}])`,
  ),
  "g",
);

// --- Shared harm words -----------------------------------------------------------------------------------

const EN_DIED = "died(?! laughing| of (?:laughter|embarrassment|shame|boredom))";
const EN_DYING =
  "dying(?! to | laughing| of (?:laughter|laughing|embarrassment|shame|boredom|curiosity|thirst|hunger|cold|heat))";
/** "dead" as a state, not "dead tired", "dead serious" or "dead end". */
const EN_DEAD = String.raw`dead(?=\s*(?:[.,;:!?)\n]|$)| (?:and|in|on|at|with|inside|beside|next|under|when|after|before|by|from|for|because|but|so|too|again|already|now|there|here|body|bodies)(?![a-z]))`;
/** Spanish idioms of dying: "muerto de risa", "me moría de ganas", "se moría por verte". */
const ES_IDIOM =
  "(?! (?:de|del|por) (?:la |las |tanta |tanto |pura |puro )?(?:risa|miedo|ganas|hambre|sed|frio|calor|cansancio|sue[nñ]o|verg[uü]enza|pena|envidia|celos|aburrimiento|nervios|curiosidad|ternura|amor|angustia|susto|tristeza|ver|verte|verlo|verla|saber|ir|conocer))";

// --- Self-harm and suicide -------------------------------------------------------------------------------

const SELF = "(?:myself|himself|herself|themselves|themself|yourself|ourselves)";
const SELF_HARM = pattern(
  `kill(?:ed|ing|s)? ${SELF}(?! laughing| with laughter)`,
  "suicid(?:e|es|al|ally)(?! squad| doors?)",
  "(?:take|took|taking|takes) (?:my|his|her|their|your|our) (?:own )?li(?:fe|ves)",
  "(?:end|ended|ending|ends) (?:my|his|her|their|your|our) (?:own )?li(?:fe|ves)",
  "end(?:ed|ing)? it all",
  "(?:cut|cutting|cuts|slit|slitting|slash(?:ed|ing)?) (?:my|his|her|their|your) (?:own )?(?:wrists?|throats?|veins?)",
  `${notAfter("accidentally")}(?:cut|cutting|cuts) ${SELF}(?! (?:on|shaving|while|cooking|by accident|accidentally|with (?:a |the )?(?:paper|kitchen)))`,
  "self[- ]?harm(?:ing|ed)?",
  "self[- ]?injur(?:y|ing|ed)",
  `harm(?:ed|ing)? ${SELF}`,
  "overdos(?:e|ed|es|ing)",
  `(?:jump(?:ed|ing|s)?|(?:threw|throw|throwing) ${SELF}) (?:off|from|in front of|under|onto)(?: [a-z]+){0,4}? to (?:die|end (?:it|(?:my|his|her|their) life)|kill ${SELF})`,
  `(?:jump(?:ed|ing|s)?|(?:threw|throw|throwing|flung) ${SELF}) (?:in front of|under) (?:a|the) (?:train|car|bus|truck|subway|metro)`,
  `(?:shot|shoot|shooting|hang(?:ed|ing)?|hung|poison(?:ed|ing)?|drown(?:ed|ing)?|stab(?:bed|bing)?|strangl(?:ed|ing)|suffocat(?:ed|ing)|starv(?:ed|ing)|electrocut(?:ed|ing)) ${SELF}`,
  "(?:gun|pistol|knife|blade) (?:to|against|at) (?:my|his|her|their) (?:own )?(?:head|temple|throat|wrists?)",
  `${notAfter("didn't", "did not", "don't", "do not", "doesn't", "does not", "not", "never")}(?:want(?:ed|s)?|wanting|wish(?:ed)?) to die(?! (?:of|from) (?:embarrassment|shame|laughter|laughing|boredom))`,
  "wish(?:ed)? (?:i|he|she) (?:was|were) dead",
  "(?:didn't|did not|don't|do not|doesn't|does not) want to (?:live|be alive|go on living)",
  "better off dead",
  "no reason to live",
  "took (?:all|a whole bottle of|a bottle of|too many) (?:of )?(?:the |my |his |her )?(?:pills|sleeping pills|tablets)",
  // Spanish
  "suicid[a-zñ]*",
  "(?:(?:me|se|te|nos) quit[a-z]*|quitar(?:me|se|te|nos)|(?:me|se|te) (?:[a-z]+ ){1,2}quitar) (?:la|mi|su) (?:propia )?vida",
  "(?:intente|trate de|quise|decidi|voy a|pense en|pensaba en|queria) matarme",
  "(?:intento|intentaba|trato de|quiso|decidio|va a|iba a|queria|pensaba en) matarse",
  "me (?:quise|intente|voy a|he intentado|trate de) matar",
  String.raw`(?<=(?:^|[.,;:!?\n(]|(?<![a-zñ])yo|so[nñ]e que|senti que|sentia que|pensaba que|decidi que|(?<![a-zñ])entonces)\s*)me queria matar`,
  "se (?:queria|quiso|intento|iba a|va a) matar",
  "se mat(?:o|aron)(?! (?:de|trabajando|estudiando|a trabajar))",
  // A wish to die; "me voy a morir" (I am going to die) is fear, not a wish.
  `(?:me|se) (?:queria|quiero|quise|quiso) morir${ES_IDIOM}`,
  `(?:queria|quiero|quise|deseaba|ganas de) morir(?:me|se)?${ES_IDIOM}`,
  "(?:no|ya no) (?:queria|quiero|quise|queria seguir|quiero seguir) (?:vivir|seguir viviendo)",
  "(?:me|se|te) cort(?:e|o|aba|aban|aron|amos|ar) (?:las|los|mis|sus) (?:venas|mu[nñ]ecas|brazos)",
  "cortar(?:me|se|te) (?:las|los) (?:venas|mu[nñ]ecas|brazos)",
  "auto ?-?lesi[a-z]*",
  "(?:lastim|hac)[a-z]* (?:da[nñ]o )?a proposito",
  "sobredosis",
  "(?:me |se )?tom(?:e|o|aba|aron) (?:todas (?:las|mis|sus)|un frasco de|muchas) (?:pastillas|pildoras|pastis)",
  "pastillas para (?:morir|matarme|matarse|no despertar)",
  // "me lancé al vacío y eché a volar" is a flying dream.
  "(?:(?:me|se|te|nos) (?:(?:queria|quise|quiso|iba a|voy a|va a) )?(?:tire|tiro|tiraba|tiraron|tirar|avente|avento|aventaba|aventar|lance|lanzo|lanzaba|lanzar|arroje|arrojo|arrojaba|arrojar)|(?:tirar|aventar|lanzar|arrojar|tirando|aventando|lanzando|arrojando)(?:me|se|te|nos)) (?:al vacio|a las vias|(?:delante|frente|debajo) (?:de|del) (?:un |el )?(?:tren|metro|auto|carro|coche|camion)|(?:[a-zñ]+ ){0,4}?para (?:morir|matarme|matarse|quitarme la vida|acabar con todo))(?![^.!?\\n]{0,60}(?:vol(?:ar|e|o|aba|abamos|ando)|flot[a-z]*)(?![a-z]))",
  "(?:pegar(?:me|se) un tiro|(?:me|se) peg(?:ue|o) un tiro)",
  "se ahorc(?:o|aron|aba)",
  "ahorcarse",
  "me ahorque",
  "(?:quise|intente|voy a|pense en) ahorcarme",
  "se envenen(?:o|aron)",
  "envenenarse",
);

/** "I was so embarrassed I wanted to die" is an idiom of shame, not a wish to die. */
const EMBARRASSMENT = pattern(
  "embarrass[a-z]*",
  "humiliat[a-z]*",
  "mortified",
  "cringe",
  "avergonzad[oa]",
  "verg[uü]enza",
  "que oso",
);

// --- Sexual violence -------------------------------------------------------------------------------------

const SEXUAL_VIOLENCE = pattern(
  // "me rapé" (I shaved my head) is Spanish.
  `${notAfter("me", "te", "se", "lo", "la", "le")}${NOT_EN}rap(?:e|ed|es|ing|ist|ists)`,
  "sexual(?:ly)? (?:assault(?:ed|s)?|abus(?:e|ed|ing)|attack(?:ed|s)?|violence|violat(?:ed|ion)|harass(?:ed|ment)|molest(?:ed|ation))",
  "(?:assault(?:ed|ing)?|abus(?:ed|ing|e)|attack(?:ed|ing)?|touch(?:ed|ing)?|violat(?:ed|ing)?) (?:me|her|him|them|us) sexually",
  "molest(?:ed|ing|er|ers|s|ation)?",
  "grop(?:e|ed|es|ing)",
  "forc(?:ed|es|ing) (?:himself|herself|themselves) (?:on|onto|upon|into)",
  "forc(?:ed|es|ing) (?:me|her|him|them|us) (?:to have sex|into (?:sex|bed)|to (?:touch|undress|strip|perform|kiss|sleep with|do (?:sexual|things)))",
  "(?:touch(?:ed|ing|es)?|kiss(?:ed|ing)?|undress(?:ed|ing)?|strip(?:ped|ping)?|grabb(?:ed|ing)|fondl(?:e|ed|ing)) (?:me|her|him|them|us|my body|my breasts?|my chest|my private(?: part)?s|between my legs)(?: [a-z]+){0,3}? (?:without (?:my|her|his|their|our) (?:consent|permission)|against (?:my|her|his|their|our) will|inappropriately)",
  "touch(?:ed|ing|es)? (?:me|her|him|them|us) (?:inappropriately|in a (?:sexual|wrong|bad) way|in a way that (?:felt|was) wrong|down there|in (?:my|her|his|their) private)",
  "(?:had|have|having) sex with (?:me|her|him) (?:without|against)",
  "non-?consensual",
  "incest(?:uous)?",
  "p(?:a)?edophil(?:e|es|ia)",
  "sex(?:ual)? (?:predator|offender|abuser)s?",
  // Spanish
  "violacion(?:es)?(?! (?:de|a) (?:la ley|las leyes|los derechos|derechos|las normas|la norma|las reglas|la privacidad|transito|trafico|contrato|seguridad))",
  "viol(?:o|aron|aba|aban|ar|arme|arla|arlo|arte|arnos|arlas|arlos|ada|ado|adas|ados|ador|adores|e|en|ando|andome|andola)(?! (?:la|las|los|el) (?:ley|leyes|reglas?|normas?|derechos|codigo|contrato|privacidad|acuerdo|pacto|promesa|sello|cerradura|seguridad))",
  "abus(?:o|aron|aba|aban|ar|ando|aria|ado|ada) (?:sexualmente|de (?:mi|ella|el|nosotr[oa]s|ellas|ellos|una? [nñ]i[nñ][oa]|la [nñ]i[nñ]a|el [nñ]i[nñ]o|(?:mi|su) hij[oa]))(?! (?:confianza|paciencia|bondad|generosidad|tiempo|dinero|tarjeta|poder))",
  "abus(?:o|os) sexual(?:es)?",
  "abusador(?:es)?",
  "(?:agresion|agresiones|acoso) sexual(?:es)?",
  "(?:me|la|lo|te|nos|las|los) (?:toc(?:o|aba|aron|aban)|manose(?:o|aba|aron|aban)|bes(?:o|aba|aron)|desnud(?:o|aron|aba)|agarr(?:o|aba|aron)) (?:[a-zñ]+ ){0,3}?(?:sin (?:mi |su )?(?:permiso|consentimiento)|a la fuerza|contra (?:mi|su) voluntad)",
  "manose(?:o|aba|aron|aban|ar|ando|ada|ado)",
  "(?:me|la|lo|te|nos) toc(?:o|aba|aron|aban) (?:mis|sus|las|los|el|la) (?:partes|pechos|senos|genitales|nalgas|pompas|intimidades|entrepierna)",
  String.raw`(?:me|la|lo|te|nos|las|los) forz(?:o|aron|aba|aban)(?=\s*(?:[.,;:!?\n]|$)| (?:y|en|ahi|alli|contra|mientras|cuando|sexualmente)(?![a-zñ]))`,
  "(?:forz|oblig)(?:o|aron|aba|aban|ar)(?:me|la|lo)? a (?:tener (?:sexo|relaciones)|acostarme|acostarse|desnudarme|desnudarse|tocarlo|tocarle)",
  "(?:relaciones (?:sexuales )?|sexo )(?:a la fuerza|forzad[oa]s?|sin (?:mi |su )?consentimiento)",
  "incesto",
  "pedofil(?:o|a|os|ia)",
  "estupro",
);

// --- Harm to children ------------------------------------------------------------------------------------

/** Articles, owners and counts before a child: "killed all the children", "mató a decenas de niños". */
const EN_DETERMINERS =
  "(?:(?:a|an|the|my|our|his|her|their|your|some|two|three|four|five|ten|\\d+|all|all of|many|so many|dozens of|hundreds of|lots of|several|every|other|countless|little|young|small|tiny|poor|innocent|newborn|own|sweet|baby) )*";
const ES_DETERMINERS =
  "(?:(?:a|al|el|la|los|las|un|una|unos|unas|mi|mis|su|sus|tu|tus|nuestr[oa]s?|peque[nñ][oa]s?|pobre|propi[oa]|dos|tres|cuatro|cinco|diez|\\d+|tod[oa]s|much[oa]s|tant[oa]s|vari[oa]s|otr[oa]s|(?:decenas|docenas|cientos|miles|montones) de|recien nacid[oa]) )*";
const EN_PASSIVE = `(?:was|were|is|are|got|get|gets|getting|been|being|had been|has been|have been) ${ADVERB}`;
const EN_CHILD_AGE =
  "(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)";
const ES_CHILD_AGE = "(?:\\d{1,2}|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince)";

const ES_CHILDHOOD = `cuando (?:yo )?(?:era|tenia) (?:un[oa]? )?(?:[nñ]i[nñ][oa]|chic[oa]|chiquit[oa]|peque[nñ][oa]|nen[ea]|chamac[oa]|menor|${ES_CHILD_AGE})`;
const EN_CHILDHOOD = `(?:when|as) (?:i|he|she|we) (?:was|were) (?:a (?:child|kid|little (?:girl|boy)|baby|toddler)|little|small|young|${EN_CHILD_AGE})`;
/** Up to four words between a child and the harm, none of them a negation ("the baby was not hurt"). */
const WORD_GAP = "(?:[\\s,]+(?!(?:no|not|never|nunca|ni)(?![a-zñ'])|[a-z]+n't)[a-zñ']+){0,4}?[\\s,]+";

/** "fire" as flames, not "fire station" or "fireworks". */
const FIRE =
  "(?:fire(?! ?(?:station|trucks?|fighters?|m[ae]n|works|place|pit|drill|alarm|flies|fly))|flames|blaze|burning|smoke)";
const EN_HEIGHT =
  "(?:a |the |an |our |my |his |her |their )?(?:high |tall )?(?:balcony|window|roof(?:top)?|cliff|ledge|bridge|tower|building|railing|skyscraper|terrace|precipice)";
/** A child in mortal danger, not yet hurt: trapped in a fire, drowning, falling from a height, carried off. */
const EN_MORTAL_DANGER = any(
  `(?:trapped|stuck|locked|caught)[^.!?\\n]{0,40}?(?<![a-z])${FIRE}`,
  "(?:trapped|stuck|locked) in(?:side)? (?:a |the )?(?:sinking|submerged)",
  "(?:was|were|is|are|caught|got) (?:on fire|in flames)",
  `(?:fall(?:ing|s)?|fell|slipp(?:ed|ing)|tumbl(?:ed|ing)|dangling|hanging) (?:off|from|out of|over) (?:of )?${EN_HEIGHT}`,
  "(?:going|went|go) under(?: the (?:water|waves|surface))?(?= ?(?:[.,;:!?\\n]|$| and ))",
  "sinking(?! (?:into|in|on) (?:the |a |my |our )?(?:sofa|couch|bed|sand|chair|pillows?|seat))",
  "(?:was|were|got|being|been|is|are) (?:(?:swept|washed|carried|dragged) (?:away|off|out to sea)|pulled under)",
  "taken (?:away )?(?:from me|by (?:a |an |some |the |two )?(?:strangers?|m[ae]n|wom[ae]n|someone|somebody|people|kidnappers?|currents?|waves?|water|river|sea))",
  "(?:was|were|got|being|been|is|are) (?:snatched|stolen)",
);
const ES_HEIGHT =
  "(?:un |una |el |la |lo alto de(?: un| una| el| la)? )?(?:balcon|ventana|techo|azotea|barranco|precipicio|acantilado|puente|edificio|torre|barandal|barandilla|cornisa|terraza|altura)";
/** A place the child is taken to on an ordinary day: "se llevaron a los niños al parque" is no kidnapping. */
const ES_ERRAND =
  "(?! (?:al|a la|a los|a las|a casa|a pasear|de paseo|de vacaciones|a comer|a jugar|a dormir|a su casa|a la escuela|a la cama|con (?:ellos|ellas|ella|el))(?![a-zñ]))";
const ES_MORTAL_DANGER = any(
  "(?:atrapad|encerrad)[oa]s?[^.!?\\n]{0,40}?(?<![a-zñ])(?:incendio|fuego|llamas|humo|ardiendo|quemando|hundiendo)",
  "se (?:estaba|estaban) (?:ahogando|quemando|hundiendo)",
  "se hund(?:ia|ian|io|ieron)",
  `(?:se )?(?:ca(?:ia|ian|yo|yeron|yendo)|resbal(?:o|aba|aron)) (?:del?|desde|por) ${ES_HEIGHT}`,
  "colgando (?:de|del) (?:un |una |el |la )?(?:balcon|ventana|cornisa|barandal|barandilla|precipicio|acantilado|puente)",
  "(?:estaba|estaban|quedo|quedaron) en llamas",
  `se (?:lo|la|los|las) (?:llevaron|llevo|llevaban|robaron|robo)${ES_ERRAND}`,
  "(?:estaban|estaba|fue|fueron) (?:arrastrad|llevad)[oa]s? por (?:la corriente|el agua|las olas|el rio|el mar)",
);

const CHILD_HARM = pattern(
  `${EN_CHILD}(?!'s)${WORD_GAP}${NOT_EN}(?:${EN_PASSIVE}${any(
    "killed",
    "murdered",
    "kidnapped",
    "abducted",
    "stabbed",
    "shot",
    "strangled",
    "suffocated",
    "smothered",
    "abused",
    "molested",
    "raped",
    "hurt",
    "injured",
    "beaten(?: up)?",
    "run over",
    "hit by (?:a|the) (?:car|truck|bus|train|van)",
    "crushed",
    "burn(?:ed|t)",
    "attacked",
    "mauled",
    "eaten",
    "harmed",
    "tortured",
    "hanged",
    "hung",
    "drowned",
  )}|${any(EN_DIED, "dies", EN_DYING, EN_DEAD, "drown(?:ed|ing|s)", "bleeding", "bled", "hanged", "stopped breathing", "(?:was|were)(?:n't| not) breathing", "not breathing", "lifeless")})`,
  `${any(
    "kill(?:ed|ing|s)?",
    "murder(?:ed|ing|s)?",
    "drown(?:ed|ing|s)?",
    "kidnap(?:ped|ping|s)?",
    "abduct(?:ed|ing|s)?",
    "stab(?:bed|bing|s)?",
    "shot",
    "shoot(?:ing|s)?",
    "strangl(?:e|ed|es|ing)",
    "suffocat(?:e|ed|es|ing)",
    "smother(?:ed|ing|s)?",
    "abus(?:e|ed|es|ing)",
    "molest(?:ed|ing|s)?",
    "hurt(?:ing|s)?",
    "injur(?:e|ed|es|ing)",
    "harm(?:ed|ing|s)?",
    "tortur(?:e|ed|es|ing)",
    "rap(?:e|ed|es|ing)",
    "beat(?:ing)? up",
    "r[au]n over",
    "attack(?:ed|ing|s)?",
    "dead",
    "lifeless",
    "(?:the )?(?:body|bodies|corpses?|deaths?|funerals?) of",
    "massacr(?:e|ed|es|ing)(?: of)?",
    "slaughter(?:ed|ing|s)?(?: of)?",
  )} ${EN_DETERMINERS}${EN_CHILD}(?!'s)`,
  `${EN_CHILD}(?!'s)${WORD_GAP}${NOT_EN}${EN_MORTAL_DANGER}`,
  // The fire told first: "in the burning house two little kids were trapped".
  `(?:burning|on fire|in flames|${FIRE})[^.!?\\n]{0,60}?${EN_CHILD}(?: [a-z]+){0,2}? (?:trapped|stuck|locked in)`,
  `(?:someone|somebody|a (?:man|woman|stranger)|strangers?|m[ae]n|people|they|he|she) (?:took|grabbed|snatched|stole|carried off|dragged (?:off|away)|took away|drove off with|ran off with) ${EN_DETERMINERS}${EN_CHILD}(?!'s)(?! (?:to|for|home|out|on|back|with (?:us|me))(?![a-z]))`,
  `(?:snatch(?:ed|ing)?|st(?:ole|olen)) ${EN_DETERMINERS}${EN_CHILD}(?!'s)`,
  `(?:couldn't|could not|can't|cannot|tried to|trying to|try to|had to|failed to|didn't|did not) (?:save|rescue|reach) ${EN_DETERMINERS}${EN_CHILD}(?!'s)`,
  `(?:get|got|getting|pull|pulled|pulling|drag|dragged|dragging|carry|carried|carrying) ${EN_DETERMINERS}${EN_CHILD}(?!'s) out of (?:the |a |our |my )?(?:${FIRE}|water|river|sea|lake|pool|waves|burning [a-z]+|sinking [a-z]+)`,
  `(?:found|find|finding|saw|see|seeing) ${EN_DETERMINERS}${EN_CHILD} (?:dead|lifeless|drowned|strangled|hanged|hurt|injured|bleeding|beaten|not breathing|murdered|killed|suffocated|smothered)`,
  `(?:abus|molest|beat|hit|hurt)(?:ed|ing|s)? (?:me|us)[^.!?\\n]{0,40}${EN_CHILDHOOD}`,
  `${EN_CHILDHOOD}[^.!?\\n]{0,60}(?:abus|molest|beat|hit|hurt)(?:ed|ing|s)? (?:me|us)`,
  // Spanish
  `${ES_CHILD}${WORD_GAP}${NOT_ES}${any(
    "herid[oa]s?",
    "lastimad[oa]s?",
    "muert[oa]s?",
    "muri(?:o|eron|endo)",
    "muere",
    "mueren",
    "se mor(?:ia|ian)",
    "fallecid[oa]s?",
    "fallecio",
    "ahogad[oa]s?",
    "se ahog(?:o|a|an|aba|aban|aron)(?! en un vaso de agua)",
    "ahogandose",
    "secuestrad[oa]s?",
    "raptad[oa]s?",
    "abusad[oa]s?",
    "violad[oa]s?",
    "asesinad[oa]s?",
    "apu[nñ]alad[oa]s?",
    "balead[oa]s?",
    "golpead[oa]s?",
    "atropellad[oa]s?",
    "maltratad[oa]s?",
    "quemad[oa]s?",
    "sangrando",
    "desangrandose",
    "sin vida",
    "no respiraba(?:n)?",
    "dejo de respirar",
    "estrangulad[oa]s?",
    "asfixiad[oa]s?",
    `${notAfter("al", "del")}ahorcad[oa]s?`,
    "torturad[oa]s?",
  )}${ES_IDIOM}`,
  `${any(
    "mat(?:o|aron|aba|aban|ar|ando)",
    "asesin(?:o|aron|aba|aban|ar|ando)",
    "ahog(?:o|aron|aba|aban|ar|ando)",
    "secuestr(?:o|aron|aba|aban|ar|ando)",
    "rapt(?:o|aron|aba|aban|ar)",
    "apu[nñ]al(?:o|aron|aba|ar)",
    "lastim(?:o|aron|aba|aban|ar|ando)",
    "hiri(?:o|eron|endo)",
    "herir",
    "atropell(?:o|aron|aba|ar)",
    "golpe(?:o|aron|aba|aban|ar|ando)",
    "maltrat(?:o|aron|aba|aban|ar|ando)",
    "abus(?:o|aron|aba|aban|ar|ando) de",
    "viol(?:o|aron|aba|aban|ar)",
    "estrangul(?:o|aron|aba|ar)",
    "asfixi(?:o|aron|aba|ar)",
    "ahorc(?:o|aron|aba|ar)",
    "tortur(?:o|aron|aba|ar)",
    "quem(?:o|aron)",
    "se (?:ahogo|ahogaba|ahogaron|murio|moria|murieron)",
    "murio",
    "murieron",
    "fallecio",
    "(?:la muerte|el cadaver|el cuerpo sin vida|el funeral|el velorio|el entierro|el ataud) de",
    "(?:vi|veia|vimos) morir a",
    "masacr(?:o|aron|aba|aban|ar|ando)",
    "(?:la )?masacre de",
  )} ${ES_DETERMINERS}${ES_CHILD}`,
  `(?:abus[a-z]*|peg[a-z]*|golpe[a-z]*|maltrat[a-z]*|lastim[a-z]*) [^.!?\\n]{0,40}${ES_CHILDHOOD}`,
  `${ES_CHILD}${WORD_GAP}${NOT_ES}${ES_MORTAL_DANGER}`,
  // The fire told first: «en la casa en llamas quedaron unos niños atrapados».
  `(?:en llamas|incendio|fuego|ardiendo|humo)[^.!?\\n]{0,60}?${ES_CHILD}(?: [a-zñ]+){0,2}? (?:atrapad|encerrad)[oa]s?`,
  `${ES_CHILD}[^.!?\\n]{0,60}?se (?:lo|la|los|las) (?:llevaron|llevo|robaron|robo)${ES_ERRAND}`,
  `(?:se (?:llevaron|llevo|robaron|robo)|robaron|raptaron|arrebataron|me quitaron) (?:a )?${ES_DETERMINERS}${ES_CHILD}${ES_ERRAND}`,
  `(?:no (?:pude|podia|alcance|alcanzaba|logre|lograba) (?:a )?|intente |intentaba |trate de |trataba de |tenia que |quise |queria )(?:salvar|rescatar|sacar) a ${ES_DETERMINERS}${ES_CHILD}`,
);

/** Killing on a mass scale: when the same sentence names children, it is harm to children. */
const MASS_KILLING_PARTS = [
  "massacres?(?! of (?:a|the) (?:game|match))",
  // A farm's or a butcher's slaughter is not a massacre.
  "slaughter(?:ed|ing)?(?! (?:(?:a|an|the|our|my|his|her|their|some|all the) )?(?:pigs?|hogs?|cows?|cattle|chickens?|hens?|lambs?|sheep|goats?|turkeys?|calf|calves|ox|oxen|animals?))",
  "mass (?:killings?|murders?|shootings?|graves?)",
  "(?:school|classroom) shootings?",
  "genocides?",
  "(?:kill(?:ed|ing|s)?|murder(?:ed|ing|s)?|shot|shooting) (?:everyone|everybody|all of them|(?:so many|many|lots of|dozens of|hundreds of|thousands of|all the) (?:people|passengers|guests|villagers))(?! with (?:laughter|(?:her|his|my|their|our|the|that|those) (?:jokes?|looks?|outfits?|voice|dance|moves|performance|kindness|smile)))",
  "bodies (?:everywhere|all over)",
  "masacres?",
  "masacr(?:o|aron|aba|aban|ando)",
  // «La matanza del cerdo» is a farm's.
  "matanzas?(?! (?:del?|de los|de las) (?:cerdos?|chanchos?|puercos?|marranos?|cochinos?|reses|vacas?|gallinas?|pollos?|corderos?|animales))",
  "genocidios?",
  "tiroteos? en (?:la|una) escuela",
  "fosas? comun(?:es)?",
  "(?:mat|asesin)(?:o|aron|aba|aban|ando) a (?:todos|todo el mundo|mucha gente|(?:decenas|cientos|miles) de personas)",
  "(?:cuerpos|cadaveres) por todas partes",
];
const MASS_KILLING = pattern(...MASS_KILLING_PARTS);

/** The dreamer or the victim as a child: sexual violence in the same sentence is also harm to a child. */
const CHILDHOOD = pattern(
  EN_CHILDHOOD,
  "as a (?:child|kid|little (?:girl|boy))",
  `i was (?:a (?:child|kid|little (?:girl|boy))|little|small|${EN_CHILD_AGE}(?: years old)?)`,
  ES_CHILDHOOD,
  "(?:yo )?era (?:un[oa]? )?(?:[nñ]i[nñ][oa]|chiquit[oa]|peque[nñ][oa]|chic[oa]|nen[ea]|chamac[oa]|escuincle|cri[oa])",
  "de (?:[nñ]i[nñ][oa]|chic[oa]|peque[nñ][oa]|chiquit[oa])",
);

// --- Hanging and strangling ------------------------------------------------------------------------------

/** "con mi hija colgada del cuello" is a child clinging to the dreamer, not a hanging. */
const CLINGING_GUARD = String.raw`(?<!con [^.,;:!?\n]{0,40})`;
const HANGED_PERSON =
  "(?:body|bodies|corpses?|m[ae]n|wom[ae]n|person|people|someone|somebody|he|she|they|him|her|them|girl|boy|baby|child|kid|mother|mom|father|dad|brother|sister|friend|husband|wife)";
const HANGING_STRANGLING = pattern(
  `hang(?:ed|ing|s)? ${SELF}`,
  `hung ${SELF}`,
  "hanged(?! man card)",
  "(?:hanging|hung|dangling|swinging) (?:by|from) (?:the|his|her|their|my|its|a) (?:necks?|nooses?)",
  `${HANGED_PERSON} (?:was |were |is |are )?(?:hanging|hung|dangling) (?:from|in|on) (?:a|the) (?:trees?|beams?|rafters?|ceiling|ceiling fan|rope|hook|noose|gallows|lamp|pole|post)`,
  `${HANGED_PERSON} (?:was |were |being |been )?hung by`,
  "nooses?",
  "gallows",
  "lynch(?:ed|ing|es)?",
  "strangl(?:e|ed|es|ing|er|ers)",
  "strangulat(?:ion|ed)",
  "chok(?:e|ed|es|ing) (?:me|him|her|them|us|you|my|his|the baby|a baby|the child|to death)(?! up)",
  "(?:was|were|got|being|been) chok(?:ed|ing)(?! (?:up|on))",
  "chok(?:ed|ing) by",
  "throttl(?:e|ed|es|ing)",
  "(?:suffocat|smother)(?:e|ed|es|ing) (?:me|him|her|them|us|you|my|his|the baby|a baby|the child|with a pillow)",
  "(?:was|were|got|being|been) (?:suffocated|smothered)",
  "pillow over (?:my|his|her|their|the baby's) face",
  "(?:hands?|fingers|arms?|rope|cord|belt|wire|scarf) (?:around|round|on|tight around|tightening around|squeezing) (?:my|his|her|their|the baby's|the child's) (?:neck|throat)",
  "(?:squeez|grabb|gripp|press)(?:ed|ing)? (?:my|his|her|their) (?:neck|throat)",
  // Spanish; "jugar al ahorcado" is the word game.
  `${notAfter("al", "del")}ahorc(?:ad[oa]s?|ar|arme|arse|arlo|arla|arlos|arte|o|e|aron|aba|aban|ando|amiento)`,
  "(?:a|en|de|hacia|con) la horca",
  `${CLINGING_GUARD}colgad[oa]s? (?:del|por el) cuellos?`,
  "colgando (?:del|por el) cuello",
  "(?:cuerpos?|cadaver(?:es)?|personas?|gente|hombres?|mujer(?:es)?|se[nñ]or(?:a|es)?|[nñ]i[nñ][oa]s?|bebes?|mama|madre|papa|padre|herman[oa]s?|amig[oa]s?|el|ella|ellos|ellas|alguien|muchach[oa]s?|chic[oa]s?) (?:que )?(?:estaba |estaban )?(?:colgad[oa]s?|colgando|colgaba|colgaban|pendiendo|pendia) (?:de|del|desde) (?:un |una |el |la |los |las )?(?:arbol(?:es)?|vigas?|techo|soga|cuerda|lampara|ventilador|gancho|poste)",
  "soga (?:al|en el|alrededor del|en su|en mi|alrededor de (?:mi|su)) cuello",
  "estrangul[a-z]*",
  "asfixiar(?:me|lo|la|te|los|las|nos)",
  "(?:lo|la|los|las|te|le) asfixi[a-z]*",
  "me asfixi(?:o|aron)",
  "asfixiad[oa]s? (?:por|con)",
  "(?:la|una) almohada (?:en|sobre) (?:mi|su|la) cara",
  "(?:manos?|dedos|brazos?|soga|cuerda|cinturon|cable|bufanda) (?:en|alrededor de|sobre|apretando|apretandome) (?:mi|su|el) (?:cuello|garganta)",
  "(?:me|le|la|lo|te) apret(?:o|aba|aban|aron|ando) (?:el|mi|su) (?:cuello|garganta)",
  "apretandome el cuello",
);

// --- Pregnancy loss --------------------------------------------------------------------------------------

const PREGNANCY_LOSS = pattern(
  "miscarr(?:y|ied|iage|iages|ying)",
  "still ?born",
  "stillbirths?",
  "(?:lost|lose|losing|loses) (?:the|my|our|her|a) (?:unborn )?(?:baby|babies|pregnancy|twins)",
  "born dead",
  "no (?:fetal )?heartbeat",
  "(?:couldn't|could not|can't|cannot) find (?:a|the) heartbeat",
  "(?:pregnancy|baby) loss",
  "ectopic",
  "abortions?",
  "aborted (?:the|my|her|our) (?:baby|pregnancy|fetus|foetus)",
  String.raw`pregnant[^.!?\n]{0,40}bleeding`,
  String.raw`bleeding[^.!?\n]{0,40}pregnant`,
  // Spanish
  "abortos?(?! de (?:la )?mision)",
  "abort(?:e|o|aba|aste)(?! (?:la|el) (?:mision|despegue|plan|operacion|viaje))",
  "perd(?:i|io|imos|ia|ias|iendo|er|eria) (?:a mi|al|el|mi|a su|su|nuestro|a nuestro|un|a un|los|a los|a nuestra|a la) (?:bebes?|embarazo|gemel[oa]s|bebit[oa]|bebas?|beba)",
  "mortinato",
  "muerte fetal",
  "obito fetal",
  "naci(?:o|a|eron|an) (?:muert[oa]s?|sin vida)",
  "sin latido",
  "no (?:tenia|habia|tiene|hay|encontraba|encontraban|escuchaba|se escuchaba|se oia) (?:el )?latido",
  "embarazo (?:ectopico|perdido)",
  "perdida (?:del|de mi|de un|de su) (?:bebe|embarazo)",
  String.raw`embarazada[^.!?\n]{0,40}sangr[a-z]+`,
  String.raw`sangr[a-z]+[^.!?\n]{0,40}embarazada`,
);

// --- Death of someone alive in waking life ----------------------------------------------------------------

/** Drowning in water, not "drowning in paperwork" or "in debt". */
const EN_DROWNING =
  "drowning(?= ?(?:[.,;:!?)\\n]|$)| (?:and|in (?:the|a|an) (?:river|lake|sea|ocean|pool|water|waves|flood|bath(?:tub)?|current|sinking)|under|while|as|when|but|so|right|before|after|in front)(?![a-z]))";
/** Water or fire a person is pulled out of: "I pulled my father out of the water", «saqué a mi padre del río». */
const EN_DANGER_PLACE = `(?:the |a |an |our |my |his |her |their )?(?:water|river|sea|ocean|lake|pool|waves|flood|current|${FIRE}|burning [a-z]+|sinking [a-z]+|rubble|wreck(?:age)?)`;
const ES_DANGER_PLACE =
  "(?:del agua|del rio|del mar|del lago|de la piscina|de la alberca|de la pileta|de las olas|de la corriente|de la inundacion|del fuego|de las llamas|del incendio|de los escombros)";
const EN_RESCUED =
  "(?:pull|pulled|pulling|drag|dragged|dragging|haul|hauled|hauling|fish|fished|fishing|rescue|rescued|rescuing|save|saved|saving|carry|carried|carrying)";
const ES_RESCUED =
  "(?:saque|sacaba|sacamos|sacabamos|saco|sacaron|sacar|rescate|rescataba|rescatamos|rescato|rescatar|salve|salvaba|salvamos|salvar)";

const EN_DEATH = any(
  EN_DIED,
  "dies",
  EN_DYING,
  EN_DEAD,
  "passed away",
  "passed on",
  "drowned",
  "hanged",
  "stopped breathing",
  "(?:was|were)(?:n't| not) breathing",
  "lifeless",
  "in (?:a|the|his|her|their) (?:coffin|casket)",
  "killed (?:himself|herself|themselves)",
  "committed suicide",
  "took (?:his|her|their) own li(?:fe|ves)",
  "breathed (?:his|her|their) last",
);
const EN_DEATH_PASSIVE = any(
  "killed",
  "murdered",
  "shot(?: dead)?",
  "stabbed(?: to death)?",
  "beaten to death",
  "executed",
  "strangled",
  "drowned",
  "hanged",
  "poisoned",
  "run over",
  "hit by (?:a|the) (?:car|truck|bus|train)",
  "buried alive",
);
const ES_DEATH = any(
  "muri(?:o|eron|endo)",
  "muere",
  "mueren",
  "mor(?:ia|ian|ir|irse)",
  "fallec(?:io|ia|ieron|ian|e|en|iendo)",
  "fallecid[oa]s?",
  "muert[oa]s?",
  "sin vida",
  "ahogad[oa]s?",
  "se ahog(?:o|aron)",
  "asesinad[oa]s?",
  "matad[oa]s?",
  "apu[nñ]alad[oa]s?",
  "balead[oa]s?",
  "atropellad[oa]s?",
  "envenenad[oa]s?",
  "ahorcad[oa]s?",
  `${CLINGING_GUARD}colgad[oa]s? del cuello`,
  "en (?:un|el) ataud",
  "se suicid[a-z]*",
  "se quit[a-z]* la vida",
  "se mat(?:o|aron)",
  "se ahorc(?:o|aron)",
  "no respiraba(?:n)?",
  "dejo de respirar",
);

/** One word between a relative and the verb (a name, "almost"), but not a new clause ("si estaba muerto"). */
const ONE_WORD =
  "(?!(?:si|que|porque|pero|aunque|y|o|if|because|but|although|and|or|when|cuando)(?![a-zñ]))[a-zñ]+";
/** A relative as the subject, with what may stand between it and the verb ("my dad, 60, was then almost…"). */
const RELATIVE_BEFORE_VERB = `${RELATIVE_SUBJECT}(?: of \\d+| \\(\\d+\\)|,? (?:who is|who's|aged) \\d+,?| de \\d+ (?:a[nñ]os|meses))?(?: ${ONE_WORD})?(?: (?:was|were|is|are|had|has|have|been|got|gets|just|suddenly|then|also|finally|slowly|already|actually|almost|nearly|apparently|being|lay|lying|laid|found|fell|dropped|ya|se|le|lo|la|estaba|estaban|esta|estan|habia|habian|ha|han|fue|fueron|era|quedo|quedaba|aparecia|aparecio|aparecieron|yacia|tambien|de repente|derrepente|luego|despues|entonces|casi|terminaba|termino|acabo|acababa))* ${NOT_EN}${NOT_ES}`;
const DEATH_OF_LIVING = pattern(
  `${RELATIVE_BEFORE_VERB}(?:${EN_DEATH}|(?:was|were|is|are|got|gets|been|being) ${ADVERB}(?:almost |nearly )?${EN_DEATH_PASSIVE}|${ES_DEATH}${ES_IDIOM})`,
  `(?:kill(?:ed|ing|s)?|murder(?:ed|ing|s)?|shot|shoot(?:ing|s)?|stab(?:bed|bing|s)?|strangl(?:e|ed|es|ing)|drown(?:ed|ing|s)?|poison(?:ed|ing|s)?|r[au]n over|execut(?:e|ed|es|ing)|bur(?:y|ied|ying)) ${RELATIVE}(?!'s)`,
  `(?:death|funeral|burial|body|corpse|coffin|casket|dead body) of ${RELATIVE}`,
  `${RELATIVE}'s (?:death|funeral|burial|corpse|(?:dead|lifeless) body|coffin|casket)`,
  `(?:saw|see|seeing|seen|watch|watched|watching|found|find|finding|held|holding) ${RELATIVE} (?:die|${EN_DYING}|dead|lying dead|get killed|being killed|drown|drowned|killed|murdered|strangled|hanged|lifeless|not breathing)`,
  `(?:(?:ha|han|habia|habian|hubiera|hubieran) (?:matado|asesinado|envenenado|atropellado|ahorcado|ahogado|baleado|apu[nñ]alado|estrangulado)|(?:estaba|estaban) (?:matando|asesinando|ahogando)|mat(?:o|aron|aba|aban|ar)|asesin(?:o|aron|aba|aban|ar)|apu[nñ]al[a-z]*|dispar(?:o|aron|aba|aban)|balearon|atropell(?:o|aron|aba|aban)|ahog(?:o|aron)|envenen(?:o|aron|aba)|ahorc(?:o|aron|aban)|estrangul(?:o|aron|aba)|enterr(?:o|aron|aba|abamos|amos|ar|e)|vel(?:abamos|aban|amos)|(?:vi|vimos|veia|veiamos|ver) morir) al? ${RELATIVE}`,
  `(?:la muerte|el funeral|el velorio|el entierro|el sepelio|el ataud|el cadaver|el cuerpo sin vida|los restos) de ${RELATIVE}`,
  `(?:se )?(?:murio|murieron|moria|morian|fallecio|fallecieron|fallecia) ${RELATIVE}`,
  `a ${RELATIVE} (?:lo|la|los|las|le|les) (?:estaban matando|estaba matando|mataron|mataba|mataban|mato|asesinaron|asesino|ahorcaron|ahorcaba|enterraban|enterraron|velaban|ahogaron|atropell(?:o|aron)|envenen(?:o|aron)|balearon|dispararon)`,
);

/** Spanish drowning now: «casi se ahoga», «se estaba ahogando»; not «se ahoga en un vaso de agua». */
const ES_DROWNING =
  "(?:se ahog(?:a|an|aba|aban|ara)(?! en un vaso de agua)|se (?:estaba|estaban|esta|estan) ahogando|(?:estaba|estaban) ahogandose)";
/**
 * A relative in mortal danger, even when the dreamer saves them ("my father was drowning and I pulled him
 * out"). For the dreamer's child this is harm to a child, not a death.
 */
const DANGER_OF_LIVING = pattern(
  `${RELATIVE_BEFORE_VERB}(?:${EN_DROWNING}|${ES_DROWNING}${ES_IDIOM})`,
  `${EN_RESCUED} ${RELATIVE}(?!'s) (?:out of|from) ${EN_DANGER_PLACE}`,
  `(?:save|saved|saving|rescue|rescued|rescuing) ${RELATIVE}(?!'s) from (?:drowning|dying|death|being killed|the killers?)`,
  `${ES_RESCUED} a ${RELATIVE} ${ES_DANGER_PLACE}`,
  `(?:salvar|salve|salvaba|salvamos|rescatar|rescate) a ${RELATIVE} de (?:ahogarse|morir|la muerte)`,
);

/** Relatives the text says are already dead in waking life: a death in the dream is then no new loss. */
const EN_AGO = any(
  "(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|few|a few|some|a couple of|couple of) (?:years?|months?|weeks?|days?|decades?) (?:ago|back)",
  "last (?:year|month|week|summer|winter|spring|fall|autumn|christmas)",
  "in (?:19|20)\\d\\d",
  "when i was",
  "before i was born",
  "(?:years|months|ages|decades) (?:ago|back)",
  "(?:a )?long (?:time )?ago",
  "a while (?:ago|back)",
  "recently",
  "this (?:past )?year",
  "(?:in|on|last) (?:january|february|march|april|may|june|july|august|september|october|november|december)",
);
const ES_AGO = any(
  "hace",
  "desde hace",
  "en (?:19|20)\\d\\d",
  "cuando (?:yo )?(?:era|tenia)",
  "el (?:a[nñ]o|mes) pasado",
  "antes de que (?:yo )?naciera",
  "hace poco",
  "recientemente",
  "el (?:dia )?\\d{1,2}",
  "(?:en|el|este|el pasado) (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)",
);
const ES_PASSED =
  "(?:fallecio|murio|se murio|partio|nos dejo|ha fallecido|ha muerto|habia fallecido|habia muerto|esta muert[oa]|se nos fue)";
const WAKING_DEAD = pattern(
  `(?:my|our) (?:late|deceased|departed|dead) (?:(?:little|big|older|younger|baby|best|dear|beloved) )*(?:${EN_RELATIVE_WORD}|${RELATIVE})`,
  `${RELATIVE}[\\s,(]+(?:who|that|which) (?:has |had )?(?:passed away|passed on|passed|died|is dead|was dead|is gone|has been dead|had been dead|is no longer (?:alive|with us|here)|is in heaven)(?! in (?:the|my) dream)`,
  `${RELATIVE}(?: ${ONE_WORD})? (?:has |had )?(?:passed away|passed on|passed|died|been dead|was killed)(?: [a-z]+){0,3}? ${EN_AGO}`,
  `${RELATIVE}'s (?:funeral|burial|memorial|wake)(?: [a-z]+){0,3}? ${EN_AGO}`,
  `${RELATIVE} (?:has been|had been|'s been|is) (?:dead|gone) (?:for|since)`,
  `since ${RELATIVE} (?:died|passed)`,
  `${RELATIVE},? (?:r\\.?i\\.?p\\.?|may (?:he|she|they) rest in peace|god rest (?:his|her|their) souls?)`,
  `lost ${RELATIVE} ${EN_AGO}`,
  `in (?:real|waking) life,? ${RELATIVE} (?:is dead|died|passed|has passed|is gone)`,
  `${RELATIVE} (?:is|was) (?:dead|gone) in (?:real|waking) life`,
  `(?:mis?|nuestr[oa]s?) (?:difunt[oa]s?|fallecid[oa]s?|finad[oa]s?) (?:${ES_RELATIVE_WORD}|${RELATIVE})`,
  `${RELATIVE},? (?:difunt[oa]s?|fallecid[oa]s?|finad[oa]s?)`,
  // "mi abuelo, el ilusionista (qepd)", "my uncle Joe (RIP)"
  `${RELATIVE}[^.!?\\n]{0,40}?[\\s,(](?:q\\.? ?e\\.? ?p\\.? ?d|r\\.? ?i\\.? ?p)(?![a-z])`,
  `${RELATIVE}[\\s,(]+(?:que |quien )?(?:en paz descanse|descanse en paz|q\\.? ?e\\.? ?p\\.? ?d\\.?|que dios (?:lo|la|los|las) tenga en su (?:santa )?gloria|(?:ya )?(?:no esta con nosotros|esta en el cielo|descansa en paz))`,
  `${RELATIVE}[\\s,(]+(?:que|quien) (?:ya )?(?:${ES_PASSED}|ya no esta)(?! en el sue[nñ]o)`,
  `${RELATIVE} ya (?:${ES_PASSED}|no esta|fallecid[oa])`,
  `${RELATIVE}(?: ${ONE_WORD})? ${ES_PASSED}(?: [a-zñ]+){0,3}? ${ES_AGO}`,
  `(?:fallecio|murio|se murio|partio|perdi a|perdimos a) ${RELATIVE}(?: [a-zñ]+){0,2}? ${ES_AGO}`,
  `desde que (?:fallecio|murio|se murio|partio|se fue) ${RELATIVE}`,
  `desde que ${RELATIVE} (?:fallecio|murio|se murio|partio|se fue)`,
  `en la vida real,? ${RELATIVE} (?:ya )?(?:esta muert[oa]|murio|fallecio|no esta)`,
  `${RELATIVE} (?:ya )?(?:esta muert[oa]|murio|fallecio) en la vida real`,
);

// --- "He was killed", "she was not moving", "y se moría en mis brazos" -------------------------------------

const PRONOUN_HARM = pattern(
  `(?:he|she|they) (?:(?:was|were|is|are|had|has|have|been|got|just|suddenly|then|already|finally|slowly|lay|lying|looked|seemed|also|almost|nearly) )*${NOT_EN}(?<death>${any(EN_DIED, "dies", EN_DYING, EN_DEAD, "passed away", "drowned", "hanged", "stopped breathing", "(?:was|were)(?:n't| not) breathing", "not breathing", "lifeless")}|(?<danger>${EN_DROWNING}))`,
  `(?:he|she|they) (?:(?:just|suddenly|then|already|finally|also) )?(?:was|were|got|had been|has been|have been|been|being|is|are|gets) ${ADVERB}(?:almost |nearly )?(?:(?<killed>killed|murdered|shot dead|executed|strangled|hanged|stabbed to death|beaten to death)|(?:hurt|injured|kidnapped|abducted|abused|molested|raped|beaten|stabbed|shot|hit by (?:a|the) (?:car|truck|bus|train|van)|run over|drowning|bleeding|unconscious))`,
  `(?:he|she|they)(?: [a-z']+){0,5}? (?:not moving|wasn't moving|stopped moving|turned blue|went limp|was limp)`,
  // "a man shot her", "I pulled him out of the river"; "shot her dog" is the dog's. What the dreamer kills
  // is the attacker in most dreams ("a man grabbed my sister and I stabbed him"); "she could have killed
  // him" is anger, and "the bear was going to kill him" a fear.
  `(?<!(?<![a-z])(?:i|we|i'd|i've|we'd|we've)(?: (?:just|finally|then|also|accidentally|quickly|almost|nearly|had|have))? )(?<!(?:could|would|might)(?: have|'ve) )(?:kill(?:ed|s)|murder(?:ed|s)|shot|stabbed|strangled|drowned|poisoned|r[au]n over|executed|slaughtered|buried) (?<killedObject>him|her|them)(?= ?(?:[.,;:!?)\\n]|$)| (?:and|in|on|at|with|dead|right|too|again|while|as|before|after|there|then|twice|from|through|down|point|for)(?![a-z]))`,
  `${EN_RESCUED} (?<rescued>him|her|them) (?:out of|from) ${EN_DANGER_PLACE}`,
  `(?:watch(?:ed|ing)?|saw|see|seeing|found|find|held|holding) (?:him|her|them) (?<seenDead>die|${EN_DYING}|dead|drown|drowned|lifeless|lying dead|being killed|get killed)`,
  // Spanish: the subject is usually left out.
  `${notAfter("yo", "si")}(?:(?:el|ella|ellos|ellas|y|que|pero|cuando|luego|entonces|despues|ahi|alli) )?(?:ya )?${NOT_ES}(?<muerte>se (?:moria|murio|morian|murieron|estaba muriendo)|estaba(?:n)? (?:muert[oa]s?|sin vida)|no respiraba(?:n)?|dejo de respirar|(?:lo|la|los|las) (?:encontre|encontramos|encontraron|vi|vimos|veia|hallaron|hallamos) (?:muert[oa]s?|sin vida|ahogad[oa]s?|ahorcad[oa]s?)|(?:lo|la|los|las|le) (?:mataron|mataban|mato|asesinaron|asesino|ahorcaron|ahogaron|enterraron)|(?:vi|vimos|veia) como (?:se )?moria|se ahog(?:o|aron)|(?:lo|la|los|las) (?:estaban|estaba) (?:matando|ahogando|asesinando)|(?:lo|la|los|las|le|les) (?:dispararon|disparo|balearon|baleo))${ES_IDIOM}`,
  `${notAfter("yo", "si")}(?:(?:el|ella|ellos|ellas|y|que|pero|cuando|luego|entonces|despues|ahi|alli) )?${NOT_ES}(?<peligro>(?:casi )?${ES_DROWNING}|casi se ahog(?:o|aron))${ES_IDIOM}`,
  `${NOT_ES}(?:lo|la|los|las) (?<rescate>${ES_RESCUED}) ${ES_DANGER_PLACE}`,
  `${NOT_ES}(?:(?:lo|la|los|las) (?:secuestraron|secuestraban|raptaron|lastimaban|lastimaron|golpeaban|golpearon|atropellaron|hirieron|apu[nñ]alaron|maltrataban|violaban|violaron)|(?:estaba|estaban) (?:herid[oa]s?|lastimad[oa]s?|sangrando|inconscientes?)|(?:ya )?no se movia|se puso azul)`,
);
/** How far back a pronoun or a missing subject looks for the person it stands for. */
const ANTECEDENT_WINDOW = 200;

/** Fiction inside the dream (a game, a film) is not harm to anyone. */
const FICTION = pattern(
  "video ?games?",
  "videogames?",
  "in the game",
  "playing (?:fortnite|minecraft|call of duty|a game)",
  // "watching a movie", but not "it was like a movie"
  `${notAfter("like", "like in", "as in")}(?:a|the) (?:movie|film|tv show|series|cartoon|documentary)`,
  "video ?juegos?",
  "en el juego",
  "jugando (?:al |a )?(?:fortnite|minecraft|free fire|call of duty|un juego)",
  `${notAfter("como", "como en")}(?:la|una) (?:pelicula|serie|caricatura|telenovela|novela|documental)`,
  "(?:en|de) la (?:tele|television)",
);

// --- Mass or graphic violence --------------------------------------------------------------------------------

/**
 * Killing on a mass scale or told graphically, beyond MASS_KILLING: a gunman firing into a crowd, bodies in
 * the street, beheadings. No care kind of its own (a massacre of strangers is no one's own loss), but the
 * reading steadies the dreamer and never reads its blood or its deaths as warmth or renewal.
 */
const GRAPHIC_VIOLENCE = pattern(
  "bloodbaths?",
  "(?:killing|shooting|murder) spree",
  "gunm[ae]n",
  "(?:active|mass|school) shooters?",
  "opened fire",
  "(?:shoot(?:ing|s)?|shot|fir(?:ed|ing)|gunn(?:ed|ing) down|mow(?:ed|ing) down) (?:at |on |into )?(?:the |all the |random |innocent |a crowd of )?(?:people|everyone|everybody|crowds?|civilians|strangers|students|passengers|shoppers|villagers|guests|hostages)",
  "(?:dead|mutilated|burned|burnt|charred|bloody|headless) (?:bodies|corpses|people|soldiers|civilians)",
  "corpses",
  "(?:piles?|heaps?|rows?) of (?:dead )?(?:bodies|corpses)",
  "bodies (?:piled|lying|scattered|strewn|on the (?:floor|ground|street|road)|in the (?:streets?|road))",
  "(?:so many|many|lots of|dozens of|hundreds of|thousands of) (?:people|soldiers|civilians) (?:were |got )?(?:killed|dead|dying|died|murdered|shot|slaughtered)",
  "beheaded|decapitated|dismembered|disembowell?ed|mutilated",
  // Spanish
  "ba[nñ]os? de sangre",
  "balaceras?",
  "tiroteos?",
  "(?:dispar(?:o|aron|aba|aban|ando)|abri(?:o|eron) fuego|acribill(?:o|aron|aba|aban|ando)) (?:a |contra )?(?:la gente|todos|todo el mundo|las personas|la multitud|(?:mucha|toda la) gente|los (?:pasajeros|estudiantes|invitados|rehenes|civiles))",
  "cadaveres",
  "cuerpos (?:sin vida|tirados|amontonados|apilados|destrozados|mutilados|ensangrentados|en el suelo|en la calle|por el suelo)",
  "(?:montones|pilas|cientos|decenas|miles|llen[oa]s?) de (?:muertos|cadaveres|cuerpos)",
  "muertos por (?:todas partes|todos lados|todos los lados|doquier)",
  "(?:habia|vi|veia|vimos) (?:muchos )?muertos",
  "(?:decapitad|degollad|descuartizad|mutilad)[oa]s",
  "(?:mucha gente|muchas personas|la gente|todos) (?:muri(?:o|eron)|morian?|estaban? muert[oa]s)",
);
/** War and bombs: violence only when the same sentence has dead or killing in it ("the war of words" has not). */
const WAR = pattern(
  "wars?(?! of words)",
  "warzone",
  "battle(?:field|s)?",
  "bomb(?:s|ing|ings|ed)?",
  "explosions?",
  "air ?raids?",
  "missiles?",
  "grenades?",
  "shelling",
  "guerras?",
  "batallas?",
  "bombas?",
  "bombarde(?:o|os|aban|aron|ando)",
  "explosion(?:es)?",
  "misiles?",
  "granadas?",
  "atentados?",
  "ataques? terroristas?",
);
const WAR_DEAD = pattern(
  EN_DEAD,
  EN_DIED,
  EN_DYING,
  "dead (?:bodies|people|soldiers|civilians|m[ae]n|wom[ae]n)",
  "killed",
  "killing(?! it)",
  "bodies",
  "corpses",
  "casualties",
  "wounded",
  "bleeding",
  "blood",
  `muert[oa]s?${ES_IDIOM}`,
  "muri(?:o|eron)",
  "morian",
  "mat(?:aba|aban|aron|ando)",
  "matad[oa]s",
  "cuerpos",
  "cadaveres",
  "herid[oa]s",
  "sangre",
  "sangrando",
);
/** A film or a game by its genre ("a war movie", «una película de guerra»), unless the dream only looks like one. */
const FICTION_GENRE = pattern(
  `(?<!(?<![a-z])(?:like|as in|como|como en)(?: (?:a|an|the|un|una|la|el))? )(?:war|action|horror|zombie|gangster|western|shooter|fps) (?:movies?|films?|games?|shows?|series)`,
  "in the (?:movie|film|game|show|series|book|novel)",
  "paintball|airsoft|laser tag",
  `(?<!(?<![a-z])como (?:en )?(?:una |la )?)(?:peliculas?|juegos?|videojuegos?|series?) de (?:guerra|accion|terror|zombis?|zombies?|disparos|gangsters|vaqueros)`,
  "en (?:la|esa|esta) (?:pelicula|serie|novela)",
  "en (?:el|ese|este) (?:juego|videojuego|libro)",
);
/** "I saw the massacre on the news", «en las noticias»: a source in waking life, on either side of the words. */
const WAKING_SOURCE = pattern(
  "news",
  "newspapers?",
  "in (?:real|waking) life",
  "irl",
  "noticias?",
  "noticieros?",
  "periodicos?",
  "en la vida (?:real|despierta)",
);
/** "When I woke up I read about a shooting": waking up before the words puts them in waking life. */
const WOKE = pattern("woke", "awoke", "waking", "wake up", "desperte", "despertar(?:me)?", "me despierto");
/** A dream word between the remark and the violence brings it back into the dream ("woke up from a dream of…"). */
const DREAM_WORD = pattern(
  "dream(?:s|t|ed|ing)?",
  "nightmares?",
  "so[nñ](?:e|aba|ando|ar)",
  "sue[nñ]os?",
  "pesadillas?",
);
/** Sport and games beat each other "massacred them 10-0", «les dimos una masacre en el partido». */
const SPORT = pattern(
  "games?",
  "match(?:es)?",
  "scores?",
  "goals?",
  "points",
  "tournament",
  "football|soccer|basketball|rugby|hockey|tennis|chess",
  "partidos?",
  "marcador",
  "goles",
  "puntos",
  "torneo",
  "futbol|baloncesto|basquet|rugby|hockey|tenis|ajedrez",
);
const MASSACRE_WORD = /^(?:massacr|masacr|slaughter)/;
/** A dated fact of waking life: "my friend Eddie died in the war in 1950", «murió en la guerra hace años». */
const PAST_FACT = pattern(
  "(?:19|20)\\d\\d",
  "(?:years|months|decades) ago",
  "last year",
  "hace (?:\\d+|un|una|unos|unas|varios|varias|muchos|muchas|dos|tres|cuatro|cinco|diez) (?:a[nñ]os?|mes(?:es)?|decadas?)",
  "el a[nñ]o pasado",
);

interface Hit {
  start: number;
  end: number;
}

function hitsOf(regex: RegExp, folded: string): Hit[] {
  return Array.from(folded.matchAll(regex), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The index of the first of `sorted` (ascending) that is greater than `value`. */
function upperBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The last hit that ends by `at`, and the first that starts from `at` (hits do not overlap). */
function hitBefore(hits: readonly Hit[], ends: readonly number[], at: number): Hit | undefined {
  return hits[upperBound(ends, at) - 1];
}
function hitAfter(hits: readonly Hit[], starts: readonly number[], at: number): Hit | undefined {
  return hits[upperBound(starts, at - 1)];
}

interface Sentence {
  from: number;
  to: number;
  /** A film, a game or a dated fact of waking life: nothing in it is the dream's own violence. */
  fiction: boolean;
  sport: boolean;
  dead: boolean;
}

/**
 * Mass or graphic violence told as the dream's own content: not in a film, a game or a match, nor in a
 * waking remark ("I saw it on the news", "when I woke up I read…") unless a dream word brings it back ("woke
 * up from a dream of a massacre"). Sentences are found once and remarks by position, so a long dream full
 * of near misses is still read in one pass.
 */
function hasViolence(folded: string): boolean {
  const sentenceStarts = [0];
  for (let i = 0; i < folded.length; i++) {
    if (SENTENCE_END.test(folded[i] as string)) sentenceStarts.push(i + 1);
  }
  const sentences = new Map<number, Sentence>();
  const sentenceAt = (at: number): Sentence => {
    const index = upperBound(sentenceStarts, at) - 1;
    const known = sentences.get(index);
    if (known) return known;
    const from = sentenceStarts[index] as number;
    const next = sentenceStarts[index + 1];
    const to = next === undefined ? folded.length : next - 1;
    const text = folded.slice(from, to);
    const sentence = {
      from,
      to,
      fiction: hasMatch(FICTION, text) || hasMatch(FICTION_GENRE, text) || hasMatch(PAST_FACT, text),
      sport: hasMatch(SPORT, text),
      dead: hasMatch(WAR_DEAD, text),
    };
    sentences.set(index, sentence);
    return sentence;
  };
  const sources = hitsOf(WAKING_SOURCE, folded);
  const sourceStarts = sources.map((hit) => hit.start);
  const sourceEnds = sources.map((hit) => hit.end);
  const wokes = hitsOf(WOKE, folded);
  const wokeEnds = wokes.map((hit) => hit.end);
  const dreams = hitsOf(DREAM_WORD, folded);
  const dreamStarts = dreams.map((hit) => hit.start);
  const dreamBetween = (from: number, to: number) => {
    const dream = hitAfter(dreams, dreamStarts, from);
    return dream !== undefined && dream.end <= to;
  };
  const inDream = (match: RegExpExecArray) => {
    const start = match.index;
    const end = start + match[0].length;
    const sentence = sentenceAt(start);
    if (sentence.fiction || (MASSACRE_WORD.test(match[0]) && sentence.sport)) return false;
    // The nearest remark on each side decides: a dream word between it and the words breaks every farther one.
    const before = hitBefore(sources, sourceEnds, start);
    if (before && before.start >= sentence.from && !dreamBetween(before.end, start)) return false;
    const after = hitAfter(sources, sourceStarts, end);
    if (after && after.end <= sentence.to && !dreamBetween(end, after.start)) return false;
    const woke = hitBefore(wokes, wokeEnds, start);
    return !(woke && woke.start >= sentence.from && !dreamBetween(woke.end, start));
  };
  return (
    firstMatch(MASS_KILLING, folded, inDream) !== null ||
    firstMatch(GRAPHIC_VIOLENCE, folded, inDream) !== null ||
    firstMatch(WAR, folded, (match) => inDream(match) && sentenceAt(match.index).dead) !== null
  );
}

// --- Detection ---------------------------------------------------------------------------------------------

/** Lower case, accents folded, one character for one, so a match's offsets are the dream's. */
function foldText(text: string): string {
  let folded = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      folded += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
      continue;
    }
    const char = text[i] as string;
    const single = foldWord(char);
    folded += single.length === 1 ? single : char;
  }
  return folded;
}

const SENTENCE_END = /[.!?\n]/;

function sentenceAround(folded: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && !SENTENCE_END.test(folded[from - 1] as string)) from--;
  let to = end;
  while (to < folded.length && !SENTENCE_END.test(folded[to] as string)) to++;
  return folded.slice(from, to);
}

function hasMatch(regex: RegExp, text: string): boolean {
  regex.lastIndex = 0;
  const found = regex.test(text);
  regex.lastIndex = 0;
  return found;
}

type Gender = "f" | "m" | null;

const FEMALE = new Set(
  "mom mum mother mommy mummy mama momma mamma wife girlfriend fiancee daughter daughters sister sisters grandma grandmother granny nana aunt auntie niece nieces granddaughter granddaughters stepmom stepmother girl girls woman women lady madre mami mamita mai vieja esposa mujer mujeres novia prometida hija hijas hijita hijitas beba bebita hermana hermanas hermanita hermanitas abuela abuelas abuelita abuelitas tia tias prima primas sobrina sobrinas nieta nietas amiga amigas gemela gemelas cuñada cuñadas cunada cunadas suegra suegras madrastra perra perrita gata gatita yegua niña niñas nina ninas niñita niñitas nena nenas chamaca chamacas chamaquita chiquilla chiquillas señora señoras senora senoras tipa chava muchacha muchachas desconocida vecina jefa ella ellas".split(
    " ",
  ),
);
const MALE = new Set(
  "dad father daddy papa husband boyfriend fiance son sons brother brothers grandpa grandfather granddad grandad uncle nephew nephews grandson grandsons stepdad stepfather boy boys man men guy guys padre papi papito pai viejo esposo marido novio prometido hijo hijos hijito hijitos bebito hermano hermanos hermanito hermanitos abuelo abuelos abuelito abuelitos tio tios primo primos sobrino sobrinos nieto nietos amigo amigos gemelo gemelos cuñado cuñados cunado cunados suegro suegros padrastro perro perrito gato gatito caballo niño niños nino ninos niñito niñitos nene nenes chamaco chamacos chamaquito chiquillo chiquillos crio crios hombre hombres señor señores senor senores tipo chavo pibe muchacho muchachos desconocido vecino jefe soldado soldados el".split(
    " ",
  ),
);

/** The grammatical gender of a phrase's last word, when it has one ("my older sister" is "f"). */
function genderOf(phrase: string): Gender {
  const word = phrase.trim().split(/\s+/).at(-1) ?? "";
  return FEMALE.has(word) ? "f" : MALE.has(word) ? "m" : null;
}

/** Whom a pronoun or a Spanish participle can stand for: "he", «lo encontré muerto» are "m". */
function pronounGender(phrase: string): Gender {
  if (
    /(?<![a-z])(?:he|him|el|lo|los)(?![a-zñ])|(?:muert|ahogad|ahorcad|colgad|herid|lastimad)os?(?![a-zñ])/.test(
      phrase,
    )
  ) {
    return "m";
  }
  if (
    /(?<![a-z])(?:she|her|ella|ellas|la|las)(?![a-zñ])|(?:muert|ahogad|ahorcad|colgad|herid|lastimad)as?(?![a-zñ])/.test(
      phrase,
    )
  ) {
    return "f";
  }
  return null;
}

interface MarkedText {
  text: string;
  /** Where each relative's run of marks starts -> who it is ("mother", "brother", "best friend"). */
  keys: Map<number, string>;
  genders: Map<number, Gender>;
  /** Runs that name a child of the dreamer ("my son", "mi bebé"). */
  children: Set<number>;
}

/** A name given right after a relative or a pet: "my guide dog Sammy", "mi perra, Luna", "my cat called Kiwi". */
const NAME_AFTER =
  /,?[ \t]+(?:(?:named|called|llamad[oa]|que se llama(?:ba)?)[ \t]+)?(\p{Lu}\p{Ll}+)(?![\p{L}\d])/uy;
/** A name right before one: "with Luna, my guide dog"; "Sammy, my guide dog, was…" when the phrase is set off. */
const NAME_BEFORE = /(?<![\p{L}\d])(\p{Lu}\p{Ll}+)(?:,|[ \t]+\()[ \t]*$/u;
const SENTENCE_START = /(?:^|[.!?\n:;"“(]\s*)$/u;
/** Capitalised words that are not names: sentence openers, pronouns, time words. */
const NOT_A_NAME = new Set(
  "i the then and but so or in on at when while after before later suddenly finally yesterday today tonight we he she they it my our his her their this that there here yes no oh god el la los las lo le y o pero luego entonces cuando mientras despues antes ayer hoy anoche yo ella ellos ellas mi mis su sus tu este esta eso ahi alli si un una de en con que dios".split(
    " ",
  ),
);
const NAME_WORD = /[a-zñ]+/g;

interface Person {
  key: string;
  gender: Gender;
  child: boolean;
}

/** The name at `at` in the dream, when it is capitalised there and can be a name. */
function nameAt(text: string, folded: string, at: number, length: number): string | null {
  const first = text[at] as string;
  const name = folded.slice(at, at + length);
  return first !== first.toLowerCase() && !NOT_A_NAME.has(name) && !RELATIVE_KEY.has(name) ? name : null;
}

interface PersonSpan {
  start: number;
  end: number;
  person: Person;
}

/** Each capitalised mention of a name given to a relative or a pet. */
function namedMentions(text: string, folded: string, names: ReadonlyMap<string, Person>): PersonSpan[] {
  const spans: PersonSpan[] = [];
  if (names.size === 0) return spans;
  for (const word of folded.matchAll(NAME_WORD)) {
    const person = names.get(word[0]);
    if (person && nameAt(text, folded, word.index, word[0].length)) {
      spans.push({ start: word.index, end: word.index + word[0].length, person });
    }
  }
  return spans;
}

/** An animal with the word before it and an "of" after it: "my guide dog", "the dog", "el perro del vecino". */
const PET_MENTION =
  /(?<![a-zñ'])(?:([a-zñ']+)\s+)?(?:(?:guide|service|seeing eye|poor|little|big|old)\s+)?(dog|puppy|cat|kitten|horse|pony|perr[oa]|perrit[oa]|gat[oa]|gatit[oa]|caballo|yegua|cachorr[oa])(?:\s+(?:guide|guia|lazarillo))?(?![a-zñ])(\s+(?:of|de|del)(?![a-zñ]))?/g;
const OWNER = new Set("my our mi mis nuestro nuestra".split(" "));
const DEFINITE = new Set("the el la al del".split(" "));
/** «al perro», «del perro»: the mark starts at the noun, so «mataron a» patterns still read "a" + the animal. */
const CONTRACTED = new Set(["al", "del"]);

/**
 * "The dog" after "my guide dog", when no other dog is in the dream: the dreamer's own, as in "they shot
 * the dog". Spanish heads lose their gender ending, so «mi perra» and «la perra» are one animal.
 */
function petMentions(folded: string): PersonSpan[] {
  const own = new Set<string>();
  const other = new Set<string>();
  const definite: { start: number; end: number; head: string; word: string }[] = [];
  for (const match of folded.matchAll(PET_MENTION)) {
    const [whole, before = "", word = "", of] = match;
    const head = word.replace(/[oa]$/, "");
    if (OWNER.has(before)) own.add(head);
    else if (DEFINITE.has(before) && !of) {
      let start = match.index;
      if (CONTRACTED.has(before)) {
        start += before.length;
        while (folded.charCodeAt(start) <= 32) start++;
      }
      definite.push({ start, end: match.index + whole.length, head, word });
    } else if (before || of) other.add(head);
  }
  return definite
    .filter((mention) => own.has(mention.head) && !other.has(mention.head))
    .map(({ start, end, word }) => ({
      start,
      end,
      person: { key: RELATIVE_KEY.get(word) ?? word, gender: genderOf(word), child: false },
    }));
}

/**
 * Marks each relative ("my older sister", "mi mamá"), each later mention of a name given to one ("my guide
 * dog Sammy" … "they shot Sammy") and "the dog" that can only be the dreamer's, so a death told by the name
 * or the bare noun is still the dreamer's own.
 */
function markRelatives(text: string, folded: string): MarkedText {
  const keys = new Map<number, string>();
  const genders = new Map<number, Gender>();
  const children = new Set<number>();
  const names = new Map<string, Person>();
  const runs: PersonSpan[] = [];
  for (const match of folded.matchAll(RELATIVE_PHRASE)) {
    const words = Array.from(match[0].matchAll(RELATIVE_WORD), (word) => word[0]);
    const word = words[words.length - 1] ?? match[0];
    const person = {
      key: RELATIVE_KEY.get(word) ?? word,
      gender: genderOf(word),
      child: hasMatch(CHILD_ONLY, match[0]),
    };
    let end = match.index + match[0].length;
    NAME_AFTER.lastIndex = end;
    const after = NAME_AFTER.exec(text);
    const nameAfter =
      after?.[1] && nameAt(text, folded, end + after[0].length - after[1].length, after[1].length);
    if (after && nameAfter) {
      names.set(nameAfter, person);
      end += after[0].length;
    }
    const before = NAME_BEFORE.exec(text.slice(Math.max(0, match.index - 40), match.index));
    if (before?.[1]) {
      const at = match.index - before[0].length;
      const setOff = text[end] === "," || !SENTENCE_START.test(text.slice(Math.max(0, at - 4), at));
      const nameBefore = setOff ? nameAt(text, folded, at, before[1].length) : null;
      if (nameBefore) names.set(nameBefore, person);
    }
    runs.push({ start: match.index, end, person });
  }
  const spans = [...runs, ...namedMentions(text, folded, names), ...petMentions(folded)].sort(
    (a, b) => a.start - b.start,
  );
  let marked = "";
  let copied = 0;
  for (const { start, end, person } of spans) {
    if (start < copied) continue;
    keys.set(start, person.key);
    genders.set(start, person.gender);
    if (person.child) children.add(start);
    marked += folded.slice(copied, start) + MARK.repeat(end - start);
    copied = end;
  }
  return { text: marked + folded.slice(copied), keys, genders, children };
}

/** Who a stretch of the marked text names: its runs of marks and any relative word left unmarked. */
function relativesIn(marked: MarkedText, start: number, end: number): string[] {
  const keys: string[] = [];
  for (let i = start; i < end; i++) {
    if (marked.text[i] === MARK && marked.text[i - 1] !== MARK) keys.push(marked.keys.get(i) ?? "");
  }
  for (const word of marked.text.slice(start, end).matchAll(RELATIVE_WORD)) {
    keys.push(RELATIVE_KEY.get(word[0]) ?? word[0]);
  }
  return keys;
}

/** The dreamer's own people a stretch of the marked text names, leaving out their children. */
function adultsIn(marked: MarkedText, start: number, end: number): string[] {
  const keys: string[] = [];
  for (let i = start; i < end; i++) {
    if (marked.text[i] === MARK && marked.text[i - 1] !== MARK && !marked.children.has(i)) {
      keys.push(marked.keys.get(i) ?? "");
    }
  }
  return keys;
}

/** A death names someone still alive when at least one relative it names is not known to be dead. */
function aliveInWaking(keys: readonly string[], wakingDead: ReadonlySet<string>): boolean {
  return keys.length === 0 || keys.some((key) => !wakingDead.has(key));
}

interface Found {
  start: number;
  end: number;
}

function firstMatch(
  regex: RegExp,
  folded: string,
  accept?: (match: RegExpExecArray) => boolean,
): Found | null {
  regex.lastIndex = 0;
  for (let match = regex.exec(folded); match; match = regex.exec(folded)) {
    if (!accept || accept(match)) {
      regex.lastIndex = 0;
      return { start: match.index, end: match.index + match[0].length };
    }
  }
  return null;
}

interface PronounHarm {
  child: Found | null;
  death: Found | null;
}

/**
 * The person nearest before `at` whose gender fits the pronoun: a relative, a child, or someone else (who
 * makes the harm no one's own). "A stranger sat by my mom; then he was dead" points at the stranger.
 */
function antecedentBefore(
  marked: MarkedText,
  at: number,
  gender: Gender,
): { relative: string | null; child: boolean } | null {
  let last: { relative: string | null; child: boolean } | null = null;
  ANTECEDENT.lastIndex = Math.max(0, at - ANTECEDENT_WINDOW);
  for (
    let match = ANTECEDENT.exec(marked.text);
    match && match.index < at;
    match = ANTECEDENT.exec(marked.text)
  ) {
    const groups = match.groups ?? {};
    const start = match.index + match[0].indexOf(MARK);
    const own = groups.relative !== undefined;
    const candidateGender = own ? (marked.genders.get(start) ?? null) : genderOf(match[0]);
    if (gender && candidateGender && gender !== candidateGender) continue;
    if (groups.person !== undefined) last = null;
    else if (own) last = { relative: marked.keys.get(start) ?? null, child: marked.children.has(start) };
    else last = { relative: null, child: true };
  }
  ANTECEDENT.lastIndex = 0;
  return last;
}

/** "him", "her", «lo», «la»: the person harmed, not the one who acts. */
const OBJECT_PRONOUN = /(?<![a-zñ])(?:him|her|them|lo|la|los|las|le|les)(?![a-zñ])/;
const CLAUSE_BOUNDARY =
  /[.,;:!?\n]|(?<![a-zñ])(?:and|but|then|when|while|so|y|pero|luego|cuando|mientras|entonces)(?![a-zñ])/g;

/**
 * Where the clause of `at` starts: the one harmed by "a stranger killed him" is named before the killer,
 * so a pronoun object looks back from here, past the clause's own subject.
 */
function clauseStart(folded: string, at: number): number {
  const from = Math.max(0, at - ANTECEDENT_WINDOW);
  let start = from;
  for (const boundary of folded.slice(from, at).matchAll(CLAUSE_BOUNDARY)) start = from + boundary.index;
  return start;
}

function pronounHarm(folded: string, marked: MarkedText, wakingDead: ReadonlySet<string>): PronounHarm {
  const found: PronounHarm = { child: null, death: null };
  PRONOUN_HARM.lastIndex = 0;
  for (let match = PRONOUN_HARM.exec(folded); match; match = PRONOUN_HARM.exec(folded)) {
    if (found.child && found.death) break;
    const span = { start: match.index, end: match.index + match[0].length };
    if (hasMatch(FICTION, sentenceAround(folded, span.start, span.end))) continue;
    const at = OBJECT_PRONOUN.test(match[0]) ? clauseStart(folded, match.index) : match.index;
    const antecedent = antecedentBefore(marked, at, pronounGender(match[0]));
    if (!antecedent) continue;
    const groups = match.groups ?? {};
    const isDeath = [groups.death, groups.killed, groups.killedObject, groups.seenDead, groups.muerte].some(
      (group) => group !== undefined,
    );
    // Mortal danger is a death's weight for the dreamer's adults; for a child it is harm to a child.
    const isDanger = [groups.danger, groups.rescued, groups.peligro, groups.rescate].some(
      (group) => group !== undefined,
    );
    if (antecedent.child) found.child ??= span;
    if (
      (isDeath || (isDanger && !antecedent.child)) &&
      antecedent.relative !== null &&
      !wakingDead.has(antecedent.relative)
    ) {
      found.death ??= span;
    }
  }
  PRONOUN_HARM.lastIndex = 0;
  return found;
}

function notFiction(folded: string) {
  return (match: RegExpExecArray) =>
    !hasMatch(FICTION, sentenceAround(folded, match.index, match.index + match[0].length));
}

/**
 * Sensitive content in a dream report, in the order of CARE_KINDS, with the words that triggered each kind.
 * `language` is the reading's; both languages' patterns run, since a dream may mix them.
 */
export function detectSafety(text: string, _language: Language): SafetyAnalysis {
  const folded = foldText(text);
  const found: Partial<Record<CareKind, Found>> = {};

  const selfHarm = firstMatch(
    SELF_HARM,
    folded,
    (match) => !hasMatch(EMBARRASSMENT, sentenceAround(folded, match.index, match.index + match[0].length)),
  );
  if (selfHarm) found.self_harm = selfHarm;
  const sexual = firstMatch(SEXUAL_VIOLENCE, folded);
  if (sexual) found.sexual_violence = sexual;
  const hanging = firstMatch(HANGING_STRANGLING, folded);
  if (hanging) found.hanging_strangling = hanging;
  const pregnancy = firstMatch(PREGNANCY_LOSS, folded);
  if (pregnancy) found.pregnancy_loss = pregnancy;

  const marked = markRelatives(text, folded);
  const wakingDead = new Set<string>();
  for (const match of marked.text.matchAll(WAKING_DEAD)) {
    for (const key of relativesIn(marked, match.index, match.index + match[0].length)) wakingDead.add(key);
  }

  const pronoun = pronounHarm(folded, marked, wakingDead);
  const childInSexualViolence =
    sexual && hasMatch(CHILDHOOD, sentenceAround(folded, sexual.start, sexual.end)) ? sexual : null;
  const childInMassKilling = firstMatch(
    MASS_KILLING,
    folded,
    (match) =>
      hasMatch(CHILD_ONLY, sentenceAround(folded, match.index, match.index + match[0].length)) &&
      notFiction(folded)(match),
  );
  const child =
    firstMatch(CHILD_HARM, folded, notFiction(folded)) ??
    childInSexualViolence ??
    childInMassKilling ??
    pronoun.child;
  if (child) found.child_harm = child;
  const fictionFree = notFiction(folded);
  const death =
    firstMatch(
      DEATH_OF_LIVING,
      marked.text,
      (match) =>
        fictionFree(match) &&
        aliveInWaking(relativesIn(marked, match.index, match.index + match[0].length), wakingDead),
    ) ??
    firstMatch(DANGER_OF_LIVING, marked.text, (match) => {
      const end = match.index + match[0].length;
      return fictionFree(match) && adultsIn(marked, match.index, end).some((key) => !wakingDead.has(key));
    }) ??
    pronoun.death;
  if (death) found.death_of_living = death;

  const kinds = CARE_KINDS.filter((kind) => found[kind] !== undefined);
  const evidence: Partial<Record<CareKind, Span>> = {};
  for (const kind of kinds) {
    const span = found[kind] as Found;
    evidence[kind] = { start: span.start, end: span.end, text: text.slice(span.start, span.end) };
  }
  return { kinds, evidence, violence: hasViolence(folded) };
}
