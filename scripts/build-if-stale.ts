/**
 * `npm start`'s first step: builds the web app only when what it is built from changed since the last build
 * (the web sources, the contract they import, the lockfile), so a second start skips the minute-long build.
 * The last build's fingerprint is kept beside its output, in dist/web-build.sha256 (dist/web is emptied by
 * every build and served as it is).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { filesUnder, fingerprintFiles } from "../server/lib/file-fingerprint";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["web", "contract", "package-lock.json"];
/** Tests are never bundled: editing one needs no new build. */
const IGNORED = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;
const outDir = path.join(root, "dist/web");
const stampFile = path.join(root, "dist/web-build.sha256");

const sources = SOURCES.flatMap((source) =>
  path.extname(source)
    ? [source]
    : filesUnder(path.join(root, source)).map((file) => path.join(source, file)),
).filter((file) => !IGNORED.test(file));
const fingerprint = fingerprintFiles(root, sources);
const built = existsSync(path.join(outDir, "index.html")) && existsSync(stampFile);
if (built && readFileSync(stampFile, "utf8").trim() === fingerprint) {
  console.log("web app up to date: not rebuilt");
} else {
  // Loaded only to build: importing Vite alone takes longer than the whole check.
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "web/vite.config.ts"), logLevel: "warn" });
  writeFileSync(stampFile, `${fingerprint}\n`);
  console.log("web app built");
}
