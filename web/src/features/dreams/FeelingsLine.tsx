import { useTranslation } from "react-i18next";
import type { ReadingInfo } from "../../../../contract/reading";
import { EMOTION_KINDS } from "../../../../contract/reading-constants";
import { mutedClass } from "../../components/ui/page-styles";
import { DREAMS_NS } from "../../lib/i18n";

const knownKinds: ReadonlySet<string> = new Set(EMOTION_KINDS);
/** The top of the 1–3 scale: only then is the feeling named as intense. */
const INTENSE = 3;

/** "A nightmare · Feelings in this dream: intense fear, sadness", or nothing when the reading found neither. */
export function FeelingsLine({ info }: { info: Pick<ReadingInfo, "feelings" | "nightmare"> }) {
  const { t } = useTranslation(DREAMS_NS);
  // A feeling a newer server knows and this page does not is left out rather than shown as a key.
  const names = info.feelings
    .filter((feeling) => knownKinds.has(feeling.kind))
    .map((feeling) =>
      t(`result.${feeling.intensity >= INTENSE ? "intenseEmotions" : "emotions"}.${feeling.kind}`),
    );
  const parts = [
    info.nightmare ? t("result.feelings.nightmare") : null,
    names.length > 0 ? t("result.feelings.list", { feelings: names.join(", ") }) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return <p className={`mb-4 ${mutedClass}`}>{parts.join(" · ")}</p>;
}
