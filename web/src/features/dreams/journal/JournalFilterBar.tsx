import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { SelectField } from "../../../components/ui/SelectField";
import { TextField } from "../../../components/ui/TextField";
import { DREAMS_NS } from "../../../lib/i18n";
import { CategoryField } from "../CategoryField";
import { hasActiveFilters, type JournalFilters } from "../journal-query";

/** The browser's date picker drawn in the page's theme (its icon stays visible on the dark background). */
const DATE_FIELD = "dark:[&_input]:[color-scheme:dark]";

/** The journal's search box and filters (category, tag, symbol, date range). */
export function JournalFilterBar({
  filters,
  onChange,
  symbolOptions,
  tagOptions,
  showDates = true,
}: {
  filters: JournalFilters;
  onChange(filters: JournalFilters): void;
  /** Symbols seen in the journal so far: key and name. */
  symbolOptions: ReadonlyArray<{ key: string; name: string }>;
  tagOptions: readonly string[];
  /** The calendar chooses its own month, so it hides the date range. */
  showDates?: boolean;
}) {
  const { t } = useTranslation(DREAMS_NS);
  const tagListId = useId();
  const set = (changes: Partial<JournalFilters>) => onChange({ ...filters, ...changes });
  return (
    <search aria-label={t("journal.search.region")} className="flex flex-col gap-4">
      <TextField
        type="search"
        label={t("journal.search.label")}
        description={t("journal.search.hint")}
        name="q"
        autoComplete="off"
        spellCheck={false}
        value={filters.q}
        onChange={(event) => set({ q: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <CategoryField
          label={t("journal.filters.category")}
          emptyLabel={t("journal.filters.anyCategory")}
          value={filters.category}
          onChange={(category) => set({ category: category ?? "" })}
        />
        <TextField
          label={t("journal.filters.tag")}
          name="tag"
          autoComplete="off"
          list={tagOptions.length > 0 ? tagListId : undefined}
          value={filters.tag}
          onChange={(event) => set({ tag: event.target.value })}
        />
        {tagOptions.length > 0 ? (
          <datalist id={tagListId}>
            {tagOptions.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        ) : null}
        <SelectField
          label={t("journal.filters.symbol")}
          value={filters.symbol}
          onChange={(event) => set({ symbol: event.target.value })}
        >
          <option value="">{t("journal.filters.anySymbol")}</option>
          {symbolOptions.map((symbol) => (
            <option key={symbol.key} value={symbol.key}>
              {symbol.name}
            </option>
          ))}
        </SelectField>
        {showDates ? (
          <>
            <TextField
              className={DATE_FIELD}
              type="date"
              label={t("journal.filters.from")}
              name="from"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => set({ from: event.target.value })}
            />
            <TextField
              className={DATE_FIELD}
              type="date"
              label={t("journal.filters.to")}
              name="to"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => set({ to: event.target.value })}
            />
          </>
        ) : null}
      </div>
      {hasActiveFilters(filters) ? (
        <div>
          <Button
            variant="ghost"
            onClick={() => onChange({ q: "", category: "", tag: "", symbol: "", from: "", to: "" })}
          >
            {t("journal.filters.clear")}
          </Button>
        </div>
      ) : null}
    </search>
  );
}
