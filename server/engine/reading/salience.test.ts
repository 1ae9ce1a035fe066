import { describe, expect, it } from "vitest";
import { createEngine } from "../index";
import type { Language } from "../morphology";
import { analyseEmotions } from "./emotion";
import { analyseRoles } from "./roles";
import { LIFTING_FEATURES, rankSalience, SALIENCE_FEATURES } from "./salience";
import model from "./salience-model.json";
import type { EmotionAnalysis, EmotionKind, Feeling, RoleAnalysis, SymbolRole } from "./types";

const engine = createEngine();
const entries = new Map(engine.data.symbols.map((entry) => [entry.key, entry]));

const NO_FEELINGS: EmotionAnalysis = { dominant: [], nightmare: false, ending: null, tone: "neutral" };
const NO_ROLES: RoleAnalysis = { roles: new Map(), wakingRemarks: [], saysRecurring: false };

/** A feeling carried by `words` as written in `text` (the emotion analysis gives spans like these). */
function feeling(text: string, kind: EmotionKind, intensity: Feeling["intensity"], words: string): Feeling {
  const start = text.indexOf(words);
  if (start < 0) throw new Error(`"${words}" is not in the text`);
  return { kind, intensity, evidence: [{ start, end: start + words.length, text: words }] };
}

function span(text: string, words: string) {
  const start = text.indexOf(words);
  if (start < 0) throw new Error(`"${words}" is not in the text`);
  return { start, end: start + words.length, text: words };
}

function role(text: string, key: string, words: string, fields: Partial<SymbolRole>): SymbolRole {
  return {
    key,
    role: "witness",
    own: false,
    waking: null,
    harmed: false,
    clause: span(text, words),
    onlyInWakingRemark: false,
    ...fields,
  };
}

function rank(
  text: string,
  language: Language,
  analyses: { emotions?: EmotionAnalysis; roles?: RoleAnalysis } = {},
) {
  const matches = engine.match(text).symbols;
  return rankSalience({
    text,
    language,
    matches,
    entries,
    emotions: analyses.emotions ?? NO_FEELINGS,
    roles: analyses.roles ?? NO_ROLES,
  });
}

const order = (text: string, language: Language, analyses?: Parameters<typeof rank>[2]) =>
  rank(text, language, analyses).ranked.map((entry) => entry.match.key);

const expectAbove = (keys: string[], first: string, second: string) => {
  expect(keys).toContain(first);
  expect(keys).toContain(second);
  expect(keys.indexOf(first)).toBeLessThan(keys.indexOf(second));
};

describe("salience: the dream's arc", () => {
  it.each([
    [
      "en",
      "I was on a beach at sunset, walking slowly along the shore. Nothing much happened for a long time. Suddenly I found a key in the sand!",
    ],
    [
      "es",
      "Estaba en una playa al atardecer, caminando despacio por la orilla. Durante mucho rato no pasó nada. ¡De repente encontré una llave en la arena!",
    ],
  ] as const)("%s: the climax image outranks the opening setting", (language, text) => {
    const { ranked } = rank(text, language);
    const keys = ranked.map((entry) => entry.match.key);
    expect(keys[0]).toBe("key");
    expectAbove(keys, "key", "beach");
    expect(ranked.find((entry) => entry.match.key === "key")?.reasons).toContain("climax");
  });

  it.each([
    [
      "en",
      "A horse stood in the field. I talked to my cousin for a while. At the end a wolf came out of the woods.",
    ],
    ["es", "Un caballo estaba en el campo. Hablé con mi prima un rato. Al final salió un lobo del bosque."],
  ] as const)("%s: the image of the ending outranks one of the same kind told early", (language, text) => {
    const keys = order(text, language);
    expectAbove(keys, "wolf", "horse");
  });
});

describe("salience: repetition and feeling", () => {
  it.each([
    [
      "en",
      "There was a snake under the bed. A lamp was on the table and a cat slept on the sofa. The snake looked at me and I was terrified. The snake kept coming closer and I could not move.",
      "terrified",
      ["lamp", "cat"],
    ],
    [
      "es",
      "Había una serpiente debajo de la cama. Había una lámpara en la mesa y un gato dormía en el sofá. La serpiente me miró y yo estaba aterrada. La serpiente se acercaba cada vez más y no me podía mover.",
      "aterrada",
      ["lamp", "cat"],
    ],
  ] as const)("%s: a repeated image with fear near it outranks passing ones", (language, text, fearWords, passing) => {
    const emotions: EmotionAnalysis = {
      dominant: [feeling(text, "fear", 3, fearWords)],
      nightmare: true,
      ending: "fear",
      tone: "dark",
    };
    // The same with the feelings the emotion analysis finds in the text itself.
    for (const found of [emotions, analyseEmotions(text, language)]) {
      const { ranked, central } = rank(text, language, { emotions: found });
      const keys = ranked.map((entry) => entry.match.key);
      expect(keys[0]).toBe("snake");
      expect(ranked[0]?.reasons).toEqual(expect.arrayContaining(["repeated", "emotion"]));
      for (const key of passing) expectAbove(keys, "snake", key);
      expect(central[0]).toBe("snake");
    }
  });

  it.each([
    [
      "en",
      "A dog ran past me in the street and I was terrified. A horse was grazing in a green field by the road.",
      "terrified",
    ],
    [
      "es",
      "Un perro pasó a mi lado en la calle y yo estaba aterrada. Un caballo pastaba en un campo verde junto al camino.",
      "aterrada",
    ],
  ] as const)("%s: the feeling told next to an image lifts it", (language, text, fearWords) => {
    const scoreOf = (ranked: ReturnType<typeof rank>["ranked"], key: string) =>
      ranked.find((entry) => entry.match.key === key)?.score ?? 0;
    const unfelt = rank(text, language).ranked;
    const told: EmotionAnalysis = {
      dominant: [feeling(text, "fear", 3, fearWords)],
      nightmare: true,
      ending: null,
      tone: "dark",
    };
    for (const emotions of [told, analyseEmotions(text, language)]) {
      const { ranked } = rank(text, language, { emotions });
      const gain = (key: string) => scoreOf(ranked, key) / scoreOf(unfelt, key);
      expect(gain("dog")).toBeGreaterThan(1);
      // The horse, told after the feeling and not in its sentence, gains less.
      expect(gain("dog")).toBeGreaterThan(gain("horse"));
      expect(ranked.find((entry) => entry.match.key === "dog")?.reasons).toContain("emotion");
    }
  });
});

/** The given role analysis, then the one the roles analyser finds in the text itself. */
const withRoleAnalyses = (text: string, language: Language, given: RoleAnalysis) => [
  given,
  analyseRoles(text, engine.match(text).symbols, language),
];

describe("salience: the dreamer's involvement", () => {
  it.each([
    ["en", "A tiger ate me while I was walking with a friend near a river.", "A tiger ate me"],
    ["es", "Me comió un tigre mientras caminaba con un amigo cerca de un río.", "Me comió un tigre"],
  ] as const)("%s: what comes at the dreamer ranks first, and being done to lifts an image", (language, text, clause) => {
    const eatingScore = (roles: RoleAnalysis) =>
      rank(text, language, { roles }).ranked.find((entry) => entry.match.key === "eating");
    const untold = eatingScore(NO_ROLES);
    const given: RoleAnalysis = {
      roles: new Map([
        ["tiger", role(text, "tiger", clause, { role: "target" })],
        ["eating", role(text, "eating", clause, { role: "target" })],
        ["friend", role(text, "friend", language === "en" ? "with a friend" : "con un amigo", {})],
      ]),
      wakingRemarks: [],
      saysRecurring: false,
    };
    for (const roles of withRoleAnalyses(text, language, given)) {
      const { ranked } = rank(text, language, { roles });
      expect(ranked[0]?.match.key).toBe("tiger");
      const eating = eatingScore(roles);
      expect(eating?.reasons).toContain("target");
      expect(eating?.score).toBeGreaterThan(untold?.score ?? 0);
    }
  });

  it.each([
    ["en", "A cat and my dog Max were sleeping in the garden all night long.", "my dog Max"],
    ["es", "Un gato y mi perro Max dormían en el jardín toda la noche.", "mi perro Max"],
  ] as const)("%s: the dreamer's own animal counts for more than a stranger's", (language, text, ownWords) => {
    const dogScore = (roles: RoleAnalysis) =>
      rank(text, language, { roles }).ranked.find((entry) => entry.match.key === "dog");
    const stranger = dogScore(NO_ROLES);
    const given: RoleAnalysis = {
      roles: new Map([
        ["dog", role(text, "dog", ownWords, { own: true, givenName: "Max" })],
        ["cat", role(text, "cat", language === "en" ? "A cat" : "Un gato", {})],
      ]),
      wakingRemarks: [],
      saysRecurring: false,
    };
    for (const roles of withRoleAnalyses(text, language, given)) {
      const own = dogScore(roles);
      expect(own?.score).toBeGreaterThan(stranger?.score ?? 0);
      expect(own?.reasons).toContain("own");
    }
  });
});

describe("salience: waking remarks", () => {
  it.each([
    [
      "en",
      "I was flying over a city at night with a bird beside me. (In real life my dog died last year.)",
      "(In real life my dog died last year.)",
    ],
    [
      "es",
      "Volaba sobre una ciudad de noche con un pájaro a mi lado. (En la vida real mi perro murió el año pasado.)",
      "(En la vida real mi perro murió el año pasado.)",
    ],
  ] as const)("%s: a symbol told only in a waking remark ranks last and is not central", (language, text, remark) => {
    const remarkSpan = span(text, remark);
    const given: RoleAnalysis = {
      roles: new Map([["dog", role(text, "dog", remark, { own: true, onlyInWakingRemark: true })]]),
      wakingRemarks: [remarkSpan],
      saysRecurring: false,
    };
    for (const roles of withRoleAnalyses(text, language, given)) {
      const { ranked, central } = rank(text, language, { roles });
      const keys = ranked.map((entry) => entry.match.key);
      const told = ranked.filter((entry) =>
        entry.match.evidence.some((where) => where.end <= remarkSpan.start),
      );
      expect(told.map((entry) => entry.match.key)).toEqual(expect.arrayContaining(["flying", "bird"]));
      for (const entry of told) expectAbove(keys, entry.match.key, "dog");
      expect(central).not.toContain("dog");
    }
  });

  it.each([
    ["en", "I often dream that I am falling from a tall building into the sea."],
    ["es", "Es recurrente soñar que me caigo de un edificio alto al mar."],
  ] as const)("%s: what a recurring-dream remark frames is still the dream", (language, text) => {
    const matches = engine.match(text).symbols;
    const { central } = rankSalience({
      text,
      language,
      matches,
      entries,
      emotions: analyseEmotions(text, language),
      roles: analyseRoles(text, matches, language),
    });
    expect(central[0]).toBe("falling");
  });
});

describe("salience: central images and determinism", () => {
  it.each([
    ["en", "A bird sang."],
    ["es", "Un pájaro cantaba."],
  ] as const)("%s: with fewer than three symbols all are central", (language, text) => {
    const { ranked, central } = rank(text, language);
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.length).toBeLessThan(3);
    expect(central).toEqual(ranked.map((entry) => entry.match.key));
  });

  it.each([
    [
      "en",
      "I was in my grandmother's house. My brother and a dog were in the kitchen. Suddenly the dog bit my brother and he screamed!",
    ],
    [
      "es",
      "Estaba en la casa de mi abuela. Mi hermano y un perro estaban en la cocina. ¡De repente el perro mordió a mi hermano y él gritó!",
    ],
  ] as const)("%s: the same dream always gives the same order, and 3 to 5 central images", (language, text) => {
    const first = rank(text, language);
    const second = rank(text, language);
    expect(second).toEqual(first);
    expect(first.central.length).toBeGreaterThanOrEqual(3);
    expect(first.central.length).toBeLessThanOrEqual(5);
    expect(first.central).toEqual(
      first.ranked.slice(0, first.central.length).map((entry) => entry.match.key),
    );
  });

  it.each([
    [
      "en",
      "I was walking through a forest with my sister. Then a wolf followed us and we ran to a river. Suddenly my sister fell into the water and I screamed! ",
    ],
    [
      "es",
      "Caminaba por un bosque con mi hermana. Luego un lobo nos seguía y corrimos hasta un río. ¡De repente mi hermana se cayó al agua y yo grité! ",
    ],
  ] as const)("%s: a 5,000-character dream is ranked", (language, paragraph) => {
    const text = paragraph.repeat(Math.ceil(5000 / paragraph.length)).slice(0, 5000);
    const { ranked, central } = rank(text, language);
    expect(ranked.length).toBe(engine.match(text).symbols.length);
    expect(central.length).toBeGreaterThanOrEqual(3);
    expect(central.length).toBeLessThanOrEqual(5);
    expect(new Set(ranked.map((entry) => entry.match.key)).size).toBe(ranked.length);
  });
});

describe("salience: the learned model", () => {
  it("weighs every feature the scorer computes, and no other (retrain with scripts/train-salience.ts)", () => {
    expect(Object.keys(model.weights).sort()).toEqual([...SALIENCE_FEATURES].sort());
  });

  it("never lets a reason the ranking shows lower a symbol", () => {
    const weights = model.weights as Record<string, number>;
    for (const lifting of LIFTING_FEATURES) expect(weights[lifting], lifting).toBeGreaterThan(0);
    // The reasons a ranking shows are among them.
    expect(LIFTING_FEATURES).toEqual(
      expect.arrayContaining(["repeated", "emotion", "atClimax", "ending", "target"]),
    );
  });

  it.each([
    ["en", "I was walking down a road when a huge wave flooded the town and swept my car away."],
    ["es", "Iba caminando por un camino cuando una ola enorme inundó el pueblo y se llevó mi coche."],
  ] as const)("%s: what usually carries a dream outranks the road it happens on", (language, text) => {
    expectAbove(order(text, language), "flood", "road");
  });
});
