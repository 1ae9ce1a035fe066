import { type KeyboardEvent, useId, useState } from "react";
import { type RegisterOptions, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BirthPlace } from "../../../../contract/oracle";
import { Field } from "../../components/ui/Field";
import { mutedClass } from "../../components/ui/page-styles";
import { ORACLE_NS } from "../../lib/i18n";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { PLACE_QUERY_MIN, usePlaceSearchQuery } from "./api";
import { countryName, placeLabel } from "./format";

/** Typing must pause this long before suggestions are asked for. */
export const PLACE_DEBOUNCE_MS = 250;

/**
 * The birth place: a combobox (ARIA 1.2, list autocomplete) over the offline gazetteer's suggestions, named in
 * the interface's language with their region and country so namesakes can be told apart. Picking one sends its id
 * (`onPick`); typing again drops it, and the server resolves the text itself.
 */
export function BirthPlaceField({
  name,
  picked,
  onPick,
  rules,
}: {
  name: string;
  picked: BirthPlace | null;
  onPick(place: BirthPlace | null): void;
  rules?: RegisterOptions;
}) {
  const { t, i18n } = useTranslation(ORACLE_NS, { keyPrefix: "oracle.profile.place" });
  const { field, fieldState } = useController({ name, rules });
  const typed: string = field.value ?? "";
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const statusId = useId();
  const settled = useDebouncedValue(typed, PLACE_DEBOUNCE_MS);
  const query = usePlaceSearchQuery(settled, i18n.language);
  const searching = typed.trim().length >= PLACE_QUERY_MIN && open && picked === null;
  const places = searching ? (query.data?.places ?? []) : [];
  const expanded = places.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function pick(place: BirthPlace) {
    field.onChange(placeLabel(place, i18n.language));
    onPick(place);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (places.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + places.length) % places.length);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // Enter picks the highlighted suggestion rather than submitting the form.
      event.preventDefault();
      const place = places[active];
      if (place) pick(place);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const status = !searching
    ? ""
    : query.isError
      ? t("searchFailed")
      : typed !== settled || query.isFetching
        ? t("searching")
        : places.length === 0
          ? t("noMatch", { typed: typed.trim() })
          : t("suggestions", { count: places.length });

  return (
    <div>
      <Field
        label={t("label")}
        description={
          <>
            <span className="block">{t("hint")}</span>
            {picked ? (
              <span className="mt-1 block font-medium text-slate-800 dark:text-slate-100">
                {t("picked", { place: placeLabel(picked, i18n.language), timezone: picked.timezone })}
              </span>
            ) : null}
          </>
        }
        error={fieldState.error?.message}
        aria-describedby={statusId}
      >
        {(control) => (
          <div className="relative">
            <input
              {...control}
              ref={field.ref}
              name={field.name}
              value={typed}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              required
              onChange={(event) => {
                field.onChange(event.target.value);
                onPick(null);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                field.onBlur();
              }}
            />
            <div
              id={listId}
              role="listbox"
              aria-label={t("listLabel")}
              hidden={!expanded}
              className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-night-700 dark:bg-night-900"
            >
              {places.map((place, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the combobox (aria-activedescendant), not on the options.
                <div
                  key={place.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  // Keeps the focus in the input: a click must not blur it before it picks.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(place)}
                  onMouseEnter={() => setActive(index)}
                  className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 ${
                    index === active ? "bg-violet-100 dark:bg-night-700" : ""
                  }`}
                >
                  <span className="font-medium text-slate-900 dark:text-slate-50">{place.name}</span>
                  <span className={mutedClass}>
                    {[place.region, countryName(place.countryCode, i18n.language)].filter(Boolean).join(", ")}
                  </span>
                </div>
              ))}
            </div>
          </div>
        )}
      </Field>
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
