import { useCallback, useEffect, useRef, useState } from "react";

/** The part of the Web Speech API dictation uses (typed here: TypeScript's DOM library lacks it). */
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly 0: { readonly transcript: string };
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

export function speechRecognitionConstructor(
  scope:
    | Partial<Record<"SpeechRecognition" | "webkitSpeechRecognition", unknown>>
    | undefined = typeof window === "undefined" ? undefined : (window as unknown as Record<string, unknown>),
): RecognitionConstructor | null {
  const candidate = scope?.SpeechRecognition ?? scope?.webkitSpeechRecognition;
  return typeof candidate === "function" ? (candidate as RecognitionConstructor) : null;
}

/** en -> en-US, es -> es-ES: the recogniser's language follows the interface's. */
export const dictationLanguage = (language: string) => (language.startsWith("es") ? "es-ES" : "en-US");

export type DictationError = "denied" | "noSpeech" | "failed";

/**
 * Dictation with the browser's speech recognition. `onText` receives each final phrase; `interim` holds
 * the words still being recognised. `supported` is false where the browser has no recogniser (the button
 * is then not shown).
 */
export function useDictation({
  language,
  onText,
  onError,
}: {
  language: string;
  onText(text: string): void;
  onError(error: DictationError): void;
}) {
  const [supported] = useState(() => speechRecognitionConstructor() !== null);
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState("");
  const recognition = useRef<Recognition | null>(null);
  const callbacks = useRef({ onText, onError });
  callbacks.current = { onText, onError };

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Constructor = speechRecognitionConstructor();
    if (!Constructor || recognition.current) return;
    const instance = new Constructor();
    instance.lang = dictationLanguage(language);
    instance.continuous = true;
    instance.interimResults = true;
    instance.onresult = (event) => {
      let pending = "";
      for (let index = event.resultIndex; index < event.results.length; index++) {
        const result = event.results[index];
        if (!result) continue;
        const transcript = result[0].transcript;
        if (result.isFinal) callbacks.current.onText(transcript.trim());
        else pending += transcript;
      }
      setInterim(pending.trim());
    };
    instance.onerror = (event) => {
      if (event.error === "aborted") return;
      callbacks.current.onError(
        event.error === "not-allowed" || event.error === "service-not-allowed"
          ? "denied"
          : event.error === "no-speech"
            ? "noSpeech"
            : "failed",
      );
    };
    instance.onend = () => {
      recognition.current = null;
      setListening(false);
      setInterim("");
    };
    recognition.current = instance;
    try {
      instance.start();
      setListening(true);
    } catch {
      recognition.current = null;
      callbacks.current.onError("failed");
    }
  }, [language]);

  // Leaving the page ends the recording.
  useEffect(() => () => recognition.current?.abort(), []);

  return { supported, listening, interim, start, stop };
}

/** Joins a dictated phrase to the text typed so far, with one space between them. */
export function appendDictation(text: string, phrase: string): string {
  if (!phrase) return text;
  if (!text.trim()) return phrase;
  return /\s$/.test(text) ? `${text}${phrase}` : `${text} ${phrase}`;
}
