import unhomoglyph from "unhomoglyph";

/** Full case folding, near enough: upper then lower folds `ß` to `ss` and `ﬁ` to `fi`, as Unicode's folding does. */
const fold = (text: string) => text.toUpperCase().toLowerCase();

/**
 * The confusable skeleton of a username: names that look alike share it, so a look-alike of an existing name is
 * refused (`Ａlice`, Cyrillic `аlice` and `ALICE` all give alice's). UTS #39 section 4 (NFD, every character
 * mapped through the Unicode confusables table, NFD again) over the NFKC, case-folded name; folded once more
 * after, as the table maps to capitals (`0` -> `O`). The table is confusables.txt as shipped by the
 * `unhomoglyph` package. Not for display: `m` becomes `rn`.
 */
export function usernameSkeleton(username: string): string {
  return fold(unhomoglyph(fold(username.normalize("NFKC")).normalize("NFD")).normalize("NFD"));
}
