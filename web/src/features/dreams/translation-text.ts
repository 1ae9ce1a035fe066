/** A readable piece of a translation's plain text. */
export type TranslationBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] };

const BULLET = /^\s*[-•*]\s+/;
const SENTENCE_END = /[.!?…:;,"”»)]$/;
const MAX_HEADING_LENGTH = 90;

/**
 * The translation arrives as plain text: sections separated by blank lines, a short first line naming the
 * section ("Soul guidance"), "- " lines for each symbol and indented lines continuing the item above.
 * This turns it into headings, paragraphs and lists, without trusting it as markup.
 */
export function translationBlocks(text: string): TranslationBlock[] {
  const blocks: TranslationBlock[] = [];
  const sections = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((section) => section.replace(/^\n+|\s+$/g, ""))
    .filter((section) => section.trim() !== "");
  for (const section of sections) {
    const lines = section.split("\n");
    let list: string[] | null = null;
    lines.forEach((line, index) => {
      const trimmed = line.trim();
      if (!trimmed) return;
      if (BULLET.test(line)) {
        if (!list) {
          list = [];
          blocks.push({ kind: "list", items: list });
        }
        list.push(trimmed.replace(BULLET, ""));
        return;
      }
      if (list && /^\s/.test(line)) {
        // An indented line continues the item above ("  Deeper insight: ...").
        list[list.length - 1] = `${list[list.length - 1]}\n${trimmed}`;
        return;
      }
      list = null;
      const isHeading =
        index === 0 &&
        lines.length > 1 &&
        trimmed.length <= MAX_HEADING_LENGTH &&
        !SENTENCE_END.test(trimmed);
      blocks.push({ kind: isHeading ? "heading" : "paragraph", text: trimmed });
    });
  }
  return blocks;
}
