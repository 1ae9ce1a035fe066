import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { SelectField } from "../../../components/ui/SelectField";
import { TextField } from "../../../components/ui/TextField";
import { DREAMS_NS } from "../../../lib/i18n";
import { CategoryField } from "../CategoryField";
import { EMPTY_FILTERS, hasActiveFilters, type JournalFilters } from "../journal-query";

/** The browser's date picker drawn in the page's theme (its icon stays visible on the dark background). */
const DATE_FIELD = "dark:[&_input]:[color-scheme:dark]";

/** Tailwind's `sm` breakpoint: from here the filters have room to show at once. */
const WIDE_SCREEN = "(min-width: 40rem)";

const FILTER_FIELDS = ["category", "tag", "symbol", "from", "to"] as const;

/** On a phone the filters would fill the first screen before any dream: they start folded there. */
const startsOpen = () =>
  typeof window.matchMedia === "function" ? window.matchMedia(WIDE_SCREEN).matches : true;

/**
 * The journal's search box and filters (category, tag, symbol, date range). The filters fold behind a
 * "Filters" button that counts the active ones: folded at first on small screens, open on wide ones.
 */
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
  const panelId = useId();
  const [open, setOpen] = useState(startsOpen);
  const set = (changes: Partial<JournalFilters>) => onChange({ ...filters, ...changes });
  const shown = showDates
    ? FILTER_FIELDS
    : FILTER_FIELDS.filter((field) => field !== "from" && field !== "to");
  const active = shown.filter((field) => filters[field].trim() !== "").length;
  const dateField = (field: "from" | "to") => (
    <TextField
      className={DATE_FIELD}
      type="date"
      label={t(`journal.filters.${field}`)}
      name={field}
      value={filters[field]}
      min={field === "to" ? filters.from || undefined : undefined}
      max={field === "from" ? filters.to || undefined : undefined}
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );
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
      <div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
        >
          {active > 0 ? t("journal.filters.toggleActive", { count: active }) : t("journal.filters.toggle")}
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
            {dateField("from")}
            {dateField("to")}
          </>
        ) : null}
      </div>
      {hasActiveFilters(filters) ? (
        <div>
          <Button variant="ghost" onClick={() => onChange(EMPTY_FILTERS)}>
            {t("journal.filters.clear")}
          </Button>
        </div>
      ) : null}
    </search>
  );
}
