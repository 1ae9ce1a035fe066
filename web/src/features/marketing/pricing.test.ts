import { describe, expect, it } from "vitest";
import { formatMoney } from "./pricing";

const intl = (amount: number, language: string) =>
  new Intl.NumberFormat(language, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

describe("formatMoney", () => {
  it("writes US dollars in English and Spanish exactly as Intl does", () => {
    for (const language of ["en-US", "es"]) {
      for (const amount of [0, 5, 9.99, 99.99, 8.33, 0.5, 120, 999.99, 1000, 1234.5, 12345]) {
        expect(formatMoney(amount, "usd", language)).toBe(intl(amount, language));
      }
    }
  });

  it("formats other currencies through Intl", () => {
    expect(formatMoney(9.99, "eur", "en-US")).toBe("€9.99");
  });
});
