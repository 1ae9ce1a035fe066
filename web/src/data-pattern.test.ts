import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * The web stack's rules (docs/decisions/009-web-stack.md) that a reviewer would otherwise have to remember:
 * the contract's zod schemas stay out of the bundle, and only a feature's api.ts talks to the server.
 */

const srcDir = dirname(fileURLToPath(import.meta.url));

/** Calls made outside an api.ts on purpose, each with its reason. */
const OWN_CALLS: Record<string, string> = {
  // The client itself.
  "lib/api.ts": "the API client",
  // The offline outbox sends each waiting dream with its own Idempotency-Key, page and service worker alike.
  "features/dreams/offline/save.ts": "the offline outbox's sender in the page",
  "features/dreams/offline/sw-sync.ts": "the service worker has no window: lib/api.ts cannot run there",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sources(srcDir).map((path) => ({
  path,
  name: relative(srcDir, path).replaceAll("\\", "/"),
  source: ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true),
}));

/** Does this contract file load zod, itself or through the contract files it imports? */
const loadsZod = (() => {
  const seen = new Map<string, boolean>();
  const check = (path: string): boolean => {
    const known = seen.get(path);
    if (known !== undefined) return known;
    seen.set(path, false);
    const text = readFileSync(path, "utf8");
    const imports = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map(
      (match) => match[1] ?? "",
    );
    const result = imports.some(
      (specifier) =>
        specifier === "zod" ||
        (specifier.startsWith(".") && check(resolve(dirname(path), `${specifier}.ts`))),
    );
    seen.set(path, result);
    return result;
  };
  return check;
})();

/** An import that keeps a value at run time (not `import type`, not only `type` names). */
function importsValues(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((element) => !element.isTypeOnly);
}

describe("web data pattern (decision 009)", () => {
  it("imports only types from the contract's zod files", () => {
    const offenders: string[] = [];
    for (const file of files) {
      for (const statement of file.source.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
        const specifier = statement.moduleSpecifier.text;
        if (!specifier.includes("/contract/")) continue;
        const target = resolve(dirname(file.path), `${specifier}.ts`);
        if (importsValues(statement) && loadsZod(target)) offenders.push(`${file.name} <- ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("calls the API only from a feature's api.ts (and the files listed, while they still do)", () => {
    const callers: string[] = [];
    for (const file of files) {
      if (/^features\/[^/]+\/api\.ts$/.test(file.name)) continue;
      let calls = false;
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          calls ||= node.expression.text === "apiRequest" || node.expression.text === "fetch";
        }
        ts.forEachChild(node, visit);
      };
      visit(file.source);
      if (calls) callers.push(file.name);
    }
    // A listed file that no longer calls is taken off the list, so the list only shrinks.
    expect(callers.sort()).toEqual(Object.keys(OWN_CALLS).sort());
  });
});
