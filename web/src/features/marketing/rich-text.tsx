import type { TFunction } from "i18next";
import type { ReactElement } from "react";
import { Link } from "wouter";
import { TaggedText } from "../../components/ui/TaggedText";
import { kbdClass, linkClass } from "./styles";

/**
 * Tags a translation may use: `<strong>`, `<kbd>` and named in-app links such as `<feedback>…</feedback>`.
 * The texts stay whole sentences in the locale files, so each language orders its words freely.
 */
const richComponents: Record<string, ReactElement> = {
  strong: <strong className="font-semibold text-night-950 dark:text-slate-50" />,
  kbd: <kbd className={kbdClass} />,
  signup: <Link href="/signup" className={linkClass} />,
  learn: <Link href="/learn" className={linkClass} />,
  feedback: <Link href="/feedback" className={linkClass} />,
  account: <Link href="/account" className={linkClass} />,
  help: <Link href="/help" className={linkClass} />,
  privacy: <Link href="/privacy-policy" className={linkClass} />,
  terms: <Link href="/terms-of-service" className={linkClass} />,
  cacheHelp: <Link href="/cache-help" className={linkClass} />,
  forgot: <Link href="/forgot-password" className={linkClass} />,
  dreamInput: <Link href="/dream-input" className={linkClass} />,
  journal: <Link href="/journal" className={linkClass} />,
};

/** A translation key to render; `t` comes from the page, so its namespace applies. */
interface KeyProps {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
}

/** A key's sentence with its tags rendered. */
export function RichText({ t, i18nKey, values }: KeyProps) {
  return <TaggedText text={t(i18nKey, { ...values })} components={richComponents} />;
}

/** An array from the locale files (paragraphs, list items, FAQ entries); [] when the key holds no array. */
export function listOf<T = string>(t: TFunction, key: string, values?: Record<string, unknown>): T[] {
  const value: unknown = t(key, { ...values, returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * The paragraphs of a key that holds either one string or an array of strings, each with the key that
 * renders it; [] when the key is absent (optional parts of a section).
 */
function paragraphsOf(t: TFunction, key: string): { key: string; text: string }[] {
  const value: unknown = t(key, { returnObjects: true, defaultValue: "" });
  if (Array.isArray(value))
    return value.map((text, index) => ({ key: `${key}.${index}`, text: String(text) }));
  return typeof value === "string" && value !== "" ? [{ key, text: value }] : [];
}

/** Renders a key's paragraph (string) or paragraphs (array), links and emphasis included. */
export function Paragraphs({ t, i18nKey, values, className }: KeyProps & { className?: string }) {
  return (
    <>
      {paragraphsOf(t, i18nKey).map((paragraph) => (
        <p key={paragraph.key} className={className}>
          <RichText t={t} i18nKey={paragraph.key} values={values} />
        </p>
      ))}
    </>
  );
}

/** Renders each entry of an array key as a list item (the caller chooses <ul> or <ol>). */
export function ListItems({ t, i18nKey, values, className }: KeyProps & { className?: string }) {
  return (
    <>
      {listOf(t, i18nKey).map((text, index) => (
        <li key={text} className={className}>
          <RichText t={t} i18nKey={`${i18nKey}.${index}`} values={values} />
        </li>
      ))}
    </>
  );
}
