import { describe, expect, it } from "vitest";
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import { languageFromHeader, translator } from "./i18n";

const keysOf = (value: object, prefix = ""): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === "object" ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe("server messages", () => {
  it("exist in both languages", () => {
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
  });

  it("keep the same placeholders in both languages", () => {
    const flat = (value: object) =>
      new Map(
        keysOf(value).map((key) => [
          key,
          key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], value) as string,
        ]),
      );
    const spanish = flat(es);
    for (const [key, text] of flat(en)) {
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(spanish.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it("pick the language from Accept-Language by preference", () => {
    expect(languageFromHeader("es-AR,es;q=0.9,en;q=0.8")).toBe("es");
    expect(languageFromHeader("fr-FR,en;q=0.5,es;q=0.4")).toBe("en");
    expect(languageFromHeader("de")).toBeUndefined();
    expect(translator("es")("validation.required")).toBe("Obligatorio");
    expect(translator("en")("validation.stringTooShort", { minimum: 8 })).toBe(
      "String must contain at least 8 character(s)",
    );
  });
});
