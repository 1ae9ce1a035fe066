import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { DREAMS_NS } from "../../../lib/i18n";
import { MicIcon, StopIcon } from "../icons";
import type { useDictation } from "../use-dictation";

/** The Dictate / Stop toggle and, while the recogniser listens, what it hears so far. Nothing without a recogniser. */
export function DictationControl({ dictation }: { dictation: ReturnType<typeof useDictation> }) {
  const { t } = useTranslation(DREAMS_NS);
  if (!dictation.supported) return null;
  const { listening } = dictation;
  return (
    <>
      <div className="-mt-2">
        <Button
          variant="secondary"
          aria-pressed={listening}
          onClick={() => (listening ? dictation.stop() : dictation.start())}
          className={listening ? "border-red-500 dark:border-red-400" : ""}
        >
          {listening ? <StopIcon /> : <MicIcon />}
          {listening ? t("dictation.stop") : t("dictation.start")}
        </Button>
      </div>
      {listening ? (
        <div className="-mt-2 flex items-start gap-3 rounded-lg border border-red-400/60 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-100">
          <span aria-hidden="true" className="mt-1 h-3 w-3 shrink-0 animate-pulse rounded-full bg-red-600" />
          <div>
            <p className="font-semibold">{t("dictation.listening")}</p>
            {dictation.interim ? <p className="mt-1 italic">{dictation.interim}</p> : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
