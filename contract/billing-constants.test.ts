import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES_USD, isPremium, yearlySavingsPercent } from "./billing-constants";

describe("yearly saving", () => {
  it("is computed from the two prices: floor((1 - 99.99 / (12 × 9.99)) × 100) = 16", () => {
    expect(yearlySavingsPercent(DEFAULT_PRICES_USD.monthly, DEFAULT_PRICES_USD.yearly)).toBe(16);
    expect(yearlySavingsPercent(10, 100)).toBe(16);
    // Exactly 20 %, which floating point would put at 19.999… and round down.
    expect(yearlySavingsPercent(10, 96)).toBe(20);
    expect(yearlySavingsPercent(10, 130)).toBe(0);
  });
});

describe("premium", () => {
  it("is a premium tier or unlimited access, nothing else", () => {
    expect(isPremium({ subscriptionTier: "premium", hasUnlimitedAccess: false })).toBe(true);
    expect(isPremium({ subscriptionTier: "free", hasUnlimitedAccess: true })).toBe(true);
    expect(isPremium({ subscriptionTier: "free", hasUnlimitedAccess: false })).toBe(false);
  });
});
