import { describe, expect, it } from "vitest";
import { loadLexiconData } from "../lexicon/load";
import { offVoice, toReaderVoice } from "./lexicon-voice";
import { meaningOf } from "./meanings";

describe("the lexicon's texts in the reading's voice", () => {
  it("turns the dreamer into you, verbs and pronouns included", () => {
    expect(
      toReaderVoice(
        "Falling speaks of a moment when the dreamer feels they have lost their footing in waking life.",
        "en",
      ),
    ).toBe("Falling speaks of a moment when you feel you have lost your footing in waking life.");
    expect(toReaderVoice("What the dreamer takes in, needs or hungers for.", "en")).toBe(
      "What you take in, need or hunger for.",
    );
    expect(toReaderVoice("A part of the dreamer seeks safety.", "en")).toBe("A part of you seeks safety.");
  });

  it("turns «el soñante» into tú in Spanish", () => {
    expect(toReaderVoice("Habla de la capacidad del soñante de actuar a pesar del miedo.", "es")).toBe(
      "Habla de tu capacidad de actuar a pesar del miedo.",
    );
    expect(
      toReaderVoice("Un capullo es una etapa en la que el soñante se convierte en algo nuevo.", "es"),
    ).toBe("Un capullo es una etapa en la que te conviertes en algo nuevo.");
    expect(toReaderVoice("Dos deseos que tiran del soñante en direcciones distintas.", "es")).toBe(
      "Dos deseos que tiran de ti en direcciones distintas.",
    );
  });

  it("writes Spanish without agreeing with the reader's gender, and flags what it cannot rewrite", () => {
    expect(toReaderVoice("¿Qué piel vieja estás listo para soltar?", "es")).toBe(
      "¿Qué piel vieja estás en condiciones de soltar?",
    );
    expect(toReaderVoice("Una promesa hecha a ti mismo.", "es")).toBe("Una promesa hecha a ti.");
    expect(offVoice("Cuando te sientes solo, busca compañía.", "es")).toBe(true);
    expect(offVoice("Quedarte paralizado puede reflejar una duda.", "es")).toBe(true);
    expect(offVoice("Te sientes a salvo en tu casa.", "es")).toBe(false);
    expect(offVoice("The dreamer's path.", "en")).toBe(true);
  });

  it("gives every symbol a meaning in the reader's voice", () => {
    const data = loadLexiconData();
    for (const entry of data.symbols) {
      for (const language of ["en", "es"] as const) {
        const meaning = meaningOf(entry, language);
        for (const text of [meaning.gist, meaning.detail, ...meaning.extended, ...meaning.insight]) {
          if (text) expect(offVoice(text, language), `${entry.key}: ${text}`).toBe(false);
        }
      }
    }
  });
});
