import { useTranslation } from "react-i18next";
import type { CareKind } from "../../../../contract/reading";
import { SUPPORT_CONTACTS } from "../../../../contract/reading-constants";
import { linkClass } from "../../components/ui/page-styles";
import { DREAMS_NS } from "../../lib/i18n";

/**
 * Shown above a reading that touched something painful: a calm note (not an alert: nothing is wrong with the
 * reader) that dreams are not predictions, and, when the dream spoke of self-harm, free support lines.
 */
export function CareNote({ care }: { care: readonly CareKind[] }) {
  const { t, i18n } = useTranslation(DREAMS_NS);
  const language = i18n.language === "es" ? "es" : "en";
  return (
    <div
      role="note"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4 text-slate-800 dark:border-night-700 dark:bg-night-800 dark:text-slate-100"
    >
      <p>{t("result.care.note")}</p>
      {care.includes("self_harm") ? (
        <>
          <p>{t("result.care.selfHarm")}</p>
          <ul className="flex flex-col gap-2">
            {SUPPORT_CONTACTS.map((contact) => (
              <li key={contact.phone} className="flex flex-col">
                <span className="font-semibold">{contact.country[language]}</span>
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <span>{contact.name[language]}</span>
                  <a href={`tel:${contact.phone.replace(/\s+/g, "")}`} className={linkClass}>
                    {contact.phone}
                  </a>
                </span>
              </li>
            ))}
          </ul>
          <p>{t("result.care.emergency")}</p>
        </>
      ) : null}
    </div>
  );
}
