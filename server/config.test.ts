import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "chitta-config-"));

describe("config", () => {
  it("names the variable that is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty", DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty", DATA_DIR: tempDir() })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x", DATA_DIR: tempDir() })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => parseConfig({ SESSION_SECRET: "short", DATA_DIR: tempDir() })).toThrow(/SESSION_SECRET/);
    expect(() => parseConfig({ OIDC_ISSUER: "https://id.example", DATA_DIR: tempDir() })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: "abc", DATA_DIR: tempDir() })).toThrow(/VAPID/);
  });

  it("generates secrets once and keeps them in the data folder", () => {
    const dataDir = tempDir();
    const first = parseConfig({ DATA_DIR: dataDir });
    const second = parseConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, "secrets", "session-secret"), "utf8")).toBe(first.sessionSecret);
    expect(parseConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it("takes VAPID keys from the environment (or leaves them to the database) and guards push endpoints by default", () => {
    const generated = parseConfig({ DATA_DIR: tempDir() });
    expect(generated.push.vapidKeys).toBeUndefined();
    expect(generated.push.allowPrivateEndpoints).toBe(false);
    const given = parseConfig({
      DATA_DIR: tempDir(),
      VAPID_PUBLIC_KEY: "public-key",
      VAPID_PRIVATE_KEY: "private-key",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "on",
    });
    expect(given.push.vapidKeys).toEqual({ publicKey: "public-key", privateKey: "private-key" });
    expect(given.push.allowPrivateEndpoints).toBe(true);
    expect(() =>
      parseConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: "production",
        PUBLIC_URL: "https://chitta.example",
        PUSH_ALLOW_PRIVATE_ENDPOINTS: "on",
      }),
    ).toThrow(/PUSH_ALLOW_PRIVATE_ENDPOINTS: not allowed in production/);
  });

  it("defaults to the embedded database and local origins", () => {
    const config = parseConfig({ DATA_DIR: tempDir(), PORT: "4100" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:4100");
    expect(config.appOrigins).toContain("http://127.0.0.1:4100");
    expect(config.cookieSecure).toBe(false);
    expect(
      parseConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", PUBLIC_URL: "https://chitta.example" })
        .cookieSecure,
    ).toBe(true);
  });

  it("refuses to start in production without PUBLIC_URL (mailed links would point to localhost)", () => {
    expect(() => parseConfig({ DATA_DIR: tempDir(), NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig({ DATA_DIR: tempDir(), NODE_ENV: "production" })).toThrow(
      /PUBLIC_URL: Required in production/,
    );
    expect(
      parseConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", PUBLIC_URL: "https://chitta.example/" })
        .publicUrl,
    ).toBe("https://chitta.example");
    // Outside production the local address stays the default.
    expect(parseConfig({ DATA_DIR: tempDir(), PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
  });
});
