import { describe, expect, it } from "vitest";
import { createEngine } from "../index";
import type { Language } from "../morphology";
import { analyseDream, readDream } from "./index";
import { PHRASES } from "./phrases";
import { dreamStart, isWholeClause, turnOf } from "./retell";

const engine = createEngine();

function analyse(text: string, language: Language) {
  return analyseDream(text, engine.match(text).symbols, engine.data, language);
}

/** The reading's first paragraph: the retelling (opening, turn, feeling). */
function opening(text: string, language: Language): string {
  const reading = readDream(text, engine.match(text).symbols, engine.data, {
    language,
    premium: false,
    ultraSimplified: false,
  });
  return reading.text.split("\n\n")[0] ?? "";
}

describe("a whole clause", () => {
  it.each([
    ["en", "you were on the beach with your dog"],
    ["en", "the dog ran after you across the field"],
    ["en", "your sister and you were dancing at a wedding"],
    ["es", "corrías por la playa con tu perro"],
    ["es", "te perseguía un perro negro por la calle"],
    ["es", "la guagua llegó por fin a la parada"],
  ] as const)("%s: «%s» is retold", (language, clause) => {
    expect(isWholeClause(clause, language)).toBe(true);
  });

  it.each([
    // No finite verb: a list of things.
    ["en", "mainly a double bed and at last a TV"],
    ["es", "la gente desconocida, los vecinos"],
    // Hanging on a word before it, or on one after it.
    ["en", "is being played on what looks like"],
    ["en", "the game is played on what looks like, next wire fence surrounds the field"],
    ["en", "a TV - there are windows in the room"],
    ["es", "la gente desconocida, los vecinos se fueron de la casa"],
    ["en", "if you touch it, zap"],
    ["es", "de estar intentando recordar uno"],
    ["es", "cuando de mucho tiempo, suficiente para"],
    // An English verb without its subject.
    ["en", "was on the beach with your dog"],
    ["en", "remembered the previous day at work"],
    // What was said, cut off.
    ["es", "te dijo tu mujer"],
    ["en", "then Moreno kept saying"],
    // Too short to tell anything, a remark on the dream, a participle alone.
    ["es", "garuaba"],
    ["en", "this dream was actually terrifying"],
    ["es", "mirando el reloj de la pared"],
  ] as const)("%s: «%s» is not", (language, clause) => {
    expect(isWholeClause(clause, language)).toBe(false);
  });
});

describe("the retelling", () => {
  it("starts after the waking preamble, at the explicit return to the dream", () => {
    const en =
      "Work has been crazy with my boss all week long. Anyway, the dream: I was walking on a beach with my dog and the sea was calm.";
    expect(dreamStart(en, "en")).toBe(en.indexOf(" I was walking"));
    expect(opening(en, "en")).toMatch(/you were walking on a beach/);
    expect(opening(en, "en")).not.toMatch(/boss|crazy/);
    const es =
      "Llevo una semana muy estresada con el trabajo y mi jefe. Ahora no estoy soñando y vuelvo al sueño: caminaba por una playa con mi perro y el mar estaba muy tranquilo.";
    expect(opening(es, "es")).toMatch(/caminabas por una playa/);
    expect(opening(es, "es")).not.toMatch(/jefe|trabajo/);
  });

  it("gives an English clause its subject back", () => {
    const text = opening(
      "I ran down the street for a long time and was on the beach with my dog at sunset.",
      "en",
    );
    expect(text).toMatch(/you ran down the street for a long time and were on the beach/);
    expect(text).not.toMatch(/[:,] was on the beach/);
  });

  it("retells the dreamer with others in the second person, never quoting a first person", () => {
    const en = opening(
      "Yesterday my roommate Jen and I were on our way to London. We got to the airport late.",
      "en",
    );
    expect(en).toMatch(/you and your roommate Jen got to the airport late/);
    expect(en).not.toMatch(/\b(?:we|our|us)\b|“/i);
    const sister = opening(
      "My sister and I were dancing at a wedding in a big church full of flowers.",
      "en",
    );
    expect(sister).toMatch(/your sister and you were dancing/);
    const husband = opening(
      "I was with my husband at the beach. We were moving into a new house in Phoenix and I lost my ring.",
      "en",
    );
    expect(husband).toMatch(/you and your husband were moving into a new house/);
    // A "we" whose others the dream does not name is not retold.
    expect(opening("We were walking slowly across an old bridge over the river.", "en")).not.toMatch(
      /\bwe\b|the others|“/i,
    );
    // A Spanish "we" would need the verb's person changed: it is not retold, nor quoted.
    const es = opening("Mi hermana y yo bailábamos en una boda en una iglesia llena de flores.", "es");
    expect(es).not.toMatch(/bailábamos|[Mm]i hermana|«/);
  });

  it("never glues a conditional or doubles a connector", () => {
    const en = opening(
      "We found a strange box in the attic. If we touch it, zap. Then a storm came over the house.",
      "en",
    );
    expect(en).not.toMatch(/\bwhen if\b|\bif we\b/i);
    expect(en).not.toMatch(/\b(?:then|finally|at last|in the end),? then\b/i);
    const es = opening(
      "Estaba en la cocina con mi madre. Después, encontré una cabaña vieja en el bosque. Luego, empezó a llover muy fuerte.",
      "es",
    );
    expect(es).not.toMatch(/(?:luego|después|al final|finalmente|por último),? (?:después|luego)\b/i);
    expect(es).toMatch(/encontraste una cabaña vieja en el bosque/);
  });

  it("reads an unaccented «el» before a verb as the pronoun", () => {
    const es = opening("Soñé que el habia dejado plata guardada en una caja de carton en la casa.", "es");
    expect(es).toMatch(/: él habia dejado plata/);
  });

  it("keeps a retold clause in lower case mid-sentence", () => {
    const en = opening(
      "The sign on the wall said You Are Here. I was walking in the rain with my dog.",
      "en",
    );
    expect(en).toMatch(/: you were walking in the rain/);
    const es = opening("Vuelvo al sueño: Pasan unos perros negros por la calle de mi abuela.", "es");
    expect(es).toMatch(/: pasan unos perros negros/);
  });
});

describe("the turn", () => {
  it("is the charged moment as a whole clause with its subject", () => {
    for (const [language, text, moment] of [
      [
        "en",
        "I was at a party with my friends in a big house. Suddenly a man with a knife chased me through the kitchen and I was terrified! Then I woke up.",
        "a man with a knife chased you through the kitchen and you were terrified",
      ],
      [
        "es",
        "Estaba en una fiesta con mis amigos en una casa grande. De repente un hombre con un cuchillo me persiguió por la cocina y yo estaba aterrada. Luego me desperté.",
        "un hombre con un cuchillo te persiguió por la cocina y tú estabas aterrada",
      ],
    ] as const) {
      expect(turnOf(analyse(text, language), PHRASES[language])?.moment).toBe(moment);
    }
  });

  it("passes over a tense fragment to the next charged moment", () => {
    for (const [language, text, moment] of [
      [
        "en",
        "I was in my old school. Terrified, because of the noise, like. The teacher screamed at me and I was so scared I froze.",
        "the teacher screamed at you and you were so scared you froze",
      ],
      [
        "es",
        "Estaba en mi vieja escuela. Aterrada, por el ruido, como. La maestra me gritó y yo tenía tanto miedo que me quedé helada.",
        "la maestra te gritó y tú tenías tanto miedo que te quedaste helada",
      ],
    ] as const) {
      const turn = turnOf(analyse(text, language), PHRASES[language]);
      expect(turn?.moment).toBe(moment);
      expect(turn?.feeling).toBeTruthy();
    }
  });
});
