import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTimeZone } from "./time-zones";

function reportZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
}

describe("browserTimeZone", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the browser's zone when the server can know it", () => {
    reportZone("America/Bogota");
    expect(browserTimeZone()).toBe("America/Bogota");
  });

  it("sends no zone rather than one the server would refuse at sign-up", () => {
    reportZone("Etc/Unknown");
    expect(browserTimeZone()).toBeUndefined();
    reportZone("Mars/Olympus_Mons");
    expect(browserTimeZone()).toBeUndefined();
  });
});
