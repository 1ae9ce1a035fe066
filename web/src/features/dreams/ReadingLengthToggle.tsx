import { ToggleGroup } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DREAMS_NS } from "../../lib/i18n";

/** Which version of a reading this browser shows: the full reading (the default) or the short one. */
export const READING_LENGTH_KEY = "chitta-reading-length";
const READING_LENGTHS = ["full", "short"] as const;
export type ReadingLength = (typeof READING_LENGTHS)[number];

function storedLength(): ReadingLength {
  try {
    return window.localStorage.getItem(READING_LENGTH_KEY) === "short" ? "short" : "full";
  } catch {
    return "full";
  }
}

/** The reader's choice of length, remembered in localStorage for the next dream. */
export function useReadingLength(): [ReadingLength, (length: ReadingLength) => void] {
  const [length, setLength] = useState(storedLength);
  return [
    length,
    (next) => {
      setLength(next);
      try {
        window.localStorage.setItem(READING_LENGTH_KEY, next);
      } catch {
        // Storage blocked: the choice holds for this page only.
      }
    },
  ];
}

const itemClass =
  "min-h-11 rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 transition-colors hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700 data-[state=on]:border-violet-700 data-[state=on]:bg-violet-700 data-[state=on]:text-white dark:border-night-700 dark:text-slate-100 dark:hover:bg-night-800 dark:focus-visible:outline-moon-300 dark:data-[state=on]:border-moon-300 dark:data-[state=on]:bg-moon-300 dark:data-[state=on]:text-night-950";

/** "Full reading / Short version": a labelled group of two; arrow keys move between them, Space or Enter picks. */
export function ReadingLengthToggle({
  value,
  onChange,
}: {
  value: ReadingLength;
  onChange(length: ReadingLength): void;
}) {
  const { t } = useTranslation(DREAMS_NS);
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      // Pressing the chosen one again would leave none chosen: one version is always shown.
      onValueChange={(next) => {
        if (next === "full" || next === "short") onChange(next);
      }}
      aria-label={t("result.length.label")}
      className="mb-4 flex flex-wrap gap-2"
    >
      {READING_LENGTHS.map((length) => (
        <ToggleGroup.Item key={length} value={length} className={itemClass}>
          {t(`result.length.${length}`)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
