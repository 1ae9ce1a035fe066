import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const DREAMS = [
  "I dreamt that a big dog chased me through my grandmother's house and I could not find the door.",
  "Soñé que una culebra me perseguía por la casa de mi abuela y no encontraba la puerta.",
  "We were at a wedding on a boat, and the Queen Elizabeth was crying.",
];

/** A new server process: the module's per-process engine is gone, only the cache folder remains. */
async function freshStart(cacheDir: string) {
  vi.resetModules();
  const { createSymbolEngineHolder } = await import("./symbol-engine");
  const engine = createSymbolEngineHolder({ cacheDir }).current();
  return DREAMS.map((dream) => engine.match(dream));
}

describe("the compiled symbol engine kept between starts", () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), "chitta-engine-cache-"));
  const cacheFile = () => {
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    return path.join(cacheDir, files[0]!);
  };
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it("finds the same symbols after a restart as the start that compiled it", async () => {
    const compiled = await freshStart(cacheDir);
    expect(compiled[1]?.symbols.map((symbol) => symbol.key)).toContain("snake");
    const written = statSync(cacheFile()).mtimeMs;

    // Read back, not compiled again (a compilation rewrites the file).
    expect(await freshStart(cacheDir)).toEqual(compiled);
    expect(statSync(cacheFile()).mtimeMs).toBe(written);
  });

  it("compiles again over a damaged file, and the server still translates", async () => {
    const expected = await freshStart(cacheDir);
    writeFileSync(cacheFile(), "not a compiled lexicon");
    expect(await freshStart(cacheDir)).toEqual(expected);
    expect(await freshStart(cacheDir)).toEqual(expected);
    expect(statSync(cacheFile()).size).toBeGreaterThan(1_000_000);
  });
});
