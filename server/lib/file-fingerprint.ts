import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The files under `dir`, at any depth, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)));
}

/**
 * One SHA-256 over each file's path (relative to `root`) and bytes, sorted by path: it changes when any file is
 * added, removed, renamed or edited, and only then. Cheap next to what it lets a caller skip (a build, a seed).
 */
export function fingerprintFiles(root: string, files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort())
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}
