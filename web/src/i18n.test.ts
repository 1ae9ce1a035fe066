import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import enAffiliates from "./locales/affiliates/en.json";
import esAffiliates from "./locales/affiliates/es.json";
import enAnnouncements from "./locales/announcements/en.json";
import esAnnouncements from "./locales/announcements/es.json";
import enBilling from "./locales/billing/en.json";
import esBilling from "./locales/billing/es.json";
import enContent from "./locales/content/en.json";
import esContent from "./locales/content/es.json";
import enDreams from "./locales/dreams/en.json";
import esDreams from "./locales/dreams/es.json";
import enTranslation from "./locales/en.json";
import esTranslation from "./locales/es.json";
import enOracle from "./locales/oracle/en.json";
import esOracle from "./locales/oracle/es.json";
import enReferrals from "./locales/referrals/en.json";
import esReferrals from "./locales/referrals/es.json";

/** Each language in every namespace of web/src/lib/i18n.ts, checked as one. */
const en = {
  ...enTranslation,
  ...enContent,
  ...enDreams,
  ...enBilling,
  ...enOracle,
  ...enReferrals,
  ...enAffiliates,
  ...enAnnouncements,
};
const es = {
  ...esTranslation,
  ...esContent,
  ...esDreams,
  ...esBilling,
  ...esOracle,
  ...esReferrals,
  ...esAffiliates,
  ...esAnnouncements,
};

const srcDir = dirname(fileURLToPath(import.meta.url));
const repoDir = join(srcDir, "..", "..");

/* ------------------------------------------------------------------------------------------------------ */
/* 1. Both locales hold the same keys, with the same {{placeholders}} and <tags>.                          */
/* ------------------------------------------------------------------------------------------------------ */

/** i18next plural suffixes: Spanish may need `_many` where English has none, so they share a base key. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Leaves = Map<string, { placeholders: Set<string>; tags: Set<string> }>;

function leavesOf(value: unknown, prefix = "", out: Leaves = new Map()): Leaves {
  if (typeof value === "string") {
    const key = prefix.replace(PLURAL_SUFFIX, "");
    const entry = out.get(key) ?? { placeholders: new Set<string>(), tags: new Set<string>() };
    for (const match of value.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) entry.placeholders.add(match[1]!);
    for (const match of value.matchAll(/<\/?([A-Za-z][\w-]*)\s*\/?>/g)) entry.tags.add(match[1]!);
    out.set(key, entry);
  } else if (value !== null && typeof value === "object") {
    for (const [child, inner] of Object.entries(value)) {
      leavesOf(inner, prefix ? `${prefix}.${child}` : child, out);
    }
  } else {
    out.set(prefix, { placeholders: new Set(), tags: new Set() });
  }
  return out;
}

const sorted = (set: Set<string>) => [...set].sort().join(", ");

describe("locales", () => {
  const enLeaves = leavesOf(en);
  const esLeaves = leavesOf(es);

  it("the namespaces share no top-level key (a page's namespace would hide the other's)", () => {
    for (const bundles of [
      [enTranslation, enContent, enDreams, enBilling, enOracle],
      [esTranslation, esContent, esDreams, esBilling, esOracle],
    ] as const) {
      const seen = new Set<string>();
      for (const bundle of bundles) {
        expect(Object.keys(bundle).filter((key) => seen.has(key))).toEqual([]);
        for (const key of Object.keys(bundle)) seen.add(key);
      }
    }
  });

  it("every English key exists in Spanish and vice versa", () => {
    const missingInEs = [...enLeaves.keys()].filter((key) => !esLeaves.has(key));
    const missingInEn = [...esLeaves.keys()].filter((key) => !enLeaves.has(key));
    expect({ missingInEs, missingInEn }).toEqual({ missingInEs: [], missingInEn: [] });
  });

  it("each key has the same {{placeholders}} and <tags> in both languages", () => {
    const mismatches: string[] = [];
    for (const [key, enEntry] of enLeaves) {
      const esEntry = esLeaves.get(key);
      if (!esEntry) continue;
      if (sorted(enEntry.placeholders) !== sorted(esEntry.placeholders)) {
        mismatches.push(
          `${key}: en {${sorted(enEntry.placeholders)}} / es {${sorted(esEntry.placeholders)}}`,
        );
      }
      if (sorted(enEntry.tags) !== sorted(esEntry.tags)) {
        mismatches.push(`${key}: en <${sorted(enEntry.tags)}> / es <${sorted(esEntry.tags)}>`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("has no empty strings", () => {
    const empty: string[] = [];
    const walk = (value: unknown, path: string, lang: string) => {
      if (typeof value === "string") {
        if (value.trim() === "") empty.push(`${lang}:${path}`);
      } else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, lang);
      }
    };
    walk(en, "", "en");
    walk(es, "", "es");
    expect(empty).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------------ */
/* 2. No component holds a literal user-visible string.                                                    */
/* ------------------------------------------------------------------------------------------------------ */

/** Strings that are the same in every language: the brand and the languages' own names. */
const ALLOWED = new Set(["CHITTA", "English", "Español", "EN", "ES"]);
/** Attributes whose value a user reads or hears. */
const TEXT_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "aria-description"]);
const HAS_LETTER = /\p{L}/u;
/** A bare URL or address (e.g. the placeholder "https://") reads the same in every language. */
const LANGUAGE_NEUTRAL = /^(https?:\/\/|mailto:)\S*$/;

function tsxFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx"))
    .map((entry) => join(entry.parentPath ?? (entry as { path?: string }).path ?? dir, entry.name));
}

/** Literal text pieces of an attribute or child expression; calls such as t("key") are not literals. */
function literalTexts(node: ts.Node): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((span) => span.literal)];
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node))
    return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literalTexts(node.left), ...literalTexts(node.right)];
  if (ts.isJsxExpression(node) && node.expression) return literalTexts(node.expression);
  return [];
}

function textOf(node: ts.Node): string {
  if (ts.isJsxText(node)) return node.text.replace(/&[#\w]+;/g, " ");
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return "";
}

function isOffending(text: string): boolean {
  const rest = text
    .split(/\s+/)
    .filter((word) => !ALLOWED.has(word))
    .join(" ");
  return HAS_LETTER.test(rest) && !ALLOWED.has(text.trim()) && !LANGUAGE_NEUTRAL.test(text.trim());
}

function findLiteralStrings(fileName: string, source: string): { line: number; text: string }[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; text: string }[] = [];
  const report = (node: ts.Node) => {
    const text = textOf(node);
    if (!isOffending(text)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ line: line + 1, text: text.replace(/\s+/g, " ").trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && !node.containsOnlyTriviaWhiteSpaces) {
      report(node);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      // {"Some text"} or {cond ? "Yes" : "No"} as a child is as visible as plain JSX text.
      for (const literal of literalTexts(node.expression)) report(literal);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sourceFile);
      if (TEXT_ATTRIBUTES.has(name)) for (const literal of literalTexts(node.initializer)) report(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("components", () => {
  it("the scanner catches JSX text, text attributes and literal children, and allows the brand", () => {
    const sample = [
      "export const A = () => (",
      '  <div title="Hello" aria-label={"Menu"} className="p-4" placeholder={x ? "Yes" : t("no")}>',
      "    Plain text",
      '    {"Literal child"} {t("key")} {" "} · × CHITTA',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: sample source code, not a template.
      "    <img alt={`Photo of ${name}`} />",
      "  </div>",
      ");",
    ].join("\n");
    expect(findLiteralStrings("sample.tsx", sample).map((hit) => `${hit.line}:${hit.text}`)).toEqual([
      "2:Hello",
      "2:Menu",
      "2:Yes",
      "3:Plain text",
      "4:Literal child",
      "5:Photo of",
    ]);
  });

  it("no .tsx file under web/src holds a literal user-visible string", () => {
    const files = tsxFiles(srcDir);
    expect(files.some((file) => file.endsWith("LandingPage.tsx"))).toBe(true);
    const offences: string[] = [];
    for (const file of files) {
      for (const hit of findLiteralStrings(file, readFileSync(file, "utf8"))) {
        offences.push(`${relative(repoDir, file)}:${hit.line}  ${JSON.stringify(hit.text)}`);
      }
    }
    if (offences.length > 0) {
      console.error(`Literal user-visible strings (use t()):\n${offences.join("\n")}`);
    }
    expect(offences).toEqual([]);
  });
});
