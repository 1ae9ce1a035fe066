/**
 * `npm start`'s first step: builds the web app only when what it is built from changed since the last build
 * (the web sources, the contract they import, the lockfile), so a second start skips the minute-long build.
 * The last build's fingerprint is kept beside its output, in dist/web-build.sha256 (dist/web is emptied by
 * every build and served as it is).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["web", "contract", "package-lock.json"];
/** Tests are never bundled: editing one needs no new build. */
const IGNORED = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;
const outDir = path.join(root, "dist/web");
const stampFile = path.join(root, "dist/web-build.sha256");

function filesUnder(relative: string): string[] {
  return readdirSync(path.join(root, relative), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)));
}

/** One hash over every source file's path and bytes, in a stable order. */
function sourceFingerprint(): string {
  const files = SOURCES.flatMap((source) => (path.extname(source) ? [source] : filesUnder(source)))
    .filter((file) => !IGNORED.test(file))
    .sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

const fingerprint = sourceFingerprint();
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
