import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from "react";

/** `<name>…</name>`, the only markup the locale files use (different names may nest). */
const TAG = /<([A-Za-z][\w-]*)>([\s\S]*?)<\/\1>/g;

function parts(text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    if (match.index > last) out.push(text.slice(last, match.index));
    const children = parts(inner, components);
    const element = components[name];
    // A tag without an element keeps its text: the sentence never loses words.
    out.push(
      element
        ? cloneElement(element, { key: out.length }, ...children)
        : createElement(Fragment, { key: out.length }, ...children),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * A translated sentence with markup, such as "I accept the <terms>terms</terms>": each tag becomes the
 * element given for its name, holding the tag's text. Sentences stay whole in the locale files, so each
 * language orders its words freely. (A few lines instead of react-i18next's Trans and its HTML parser.)
 */
export function TaggedText({
  text,
  components,
}: {
  text: string;
  components: Readonly<Record<string, ReactElement>>;
}) {
  return createElement(Fragment, null, ...parts(text, components));
}
