import { useMemo } from "react";
import { translationBlocks } from "./translation-text";

/** A translation's plain text as headings, paragraphs and lists (never parsed as HTML). */
export function TranslationText({ text, headingLevel = 3 }: { text: string; headingLevel?: 3 | 4 }) {
  const blocks = useMemo(() => translationBlocks(text), [text]);
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="flex flex-col gap-3 leading-relaxed text-slate-800 dark:text-slate-100">
      {blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "heading") {
          return (
            <Heading key={key} className="mt-2 font-semibold text-violet-800 first:mt-0 dark:text-moon-300">
              {block.text}
            </Heading>
          );
        }
        if (block.kind === "list") {
          return (
            <ul
              key={key}
              className="ml-5 flex list-disc flex-col gap-2 marker:text-violet-700 dark:marker:text-moon-300"
            >
              {block.items.map((item, itemIndex) => (
                <li key={`${key}-${itemIndex.toString()}`} className="whitespace-pre-line">
                  {item}
                </li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
