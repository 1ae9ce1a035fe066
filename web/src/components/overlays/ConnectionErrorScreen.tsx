import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { isChunkLoadError, isMinorError } from "../../lib/error-log";
import { Button } from "../ui/Button";
import { dialogTitleClass } from "../ui/dialog-styles";
import {
  type ConnectionProblem,
  clearConnectionProblem,
  reportConnectionError,
  reportConnectionProblem,
  useConnectionProblem,
} from "./connection-store";

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** navigator.onLine, kept current by the online/offline events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <p className="flex items-center gap-2 text-sm" aria-live="polite">
      <span>{t("connection.status")}</span>
      <span
        aria-hidden="true"
        className={`h-2.5 w-2.5 rounded-full ${online ? "bg-emerald-500" : "bg-red-500"}`}
      />
      <strong data-online={online}>
        {online ? t("connection.connected") : t("connection.offlineStatus")}
      </strong>
    </p>
  );
}

function useProblemText(problem: ConnectionProblem) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case "offline":
      return { title: t("connection.lost"), message: t("connection.offline"), hint: "" };
    case "server":
      return {
        title: t("connection.title"),
        message: t("connection.server", { status: problem.status ?? 500 }),
        hint: t("connection.serverHint"),
      };
    case "network":
      return {
        title: t("connection.title"),
        message: t("connection.failed"),
        hint: t("connection.failedHint"),
      };
    case "chunk":
      return {
        title: t("connection.title"),
        message: t("connection.chunk"),
        hint: t("connection.chunkHint"),
      };
  }
}

/** The body of the connection screen, also shown in place of a page whose code could not be downloaded. */
export function ConnectionErrorPanel({ problem }: { problem: ConnectionProblem }) {
  const { t } = useTranslation();
  const text = useProblemText(problem);
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-10">
      <div
        role="alert"
        className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white/90 p-6 text-slate-800 dark:border-night-700 dark:bg-night-900/90 dark:text-slate-100"
      >
        <h1 className={dialogTitleClass}>{text.title}</h1>
        <p className="mt-3">{text.message}</p>
        {text.hint ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text.hint}</p> : null}
        <div className="mt-4">
          <ConnectionStatus />
        </div>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t("connection.reload")}
        </Button>
      </div>
    </div>
  );
}

/**
 * Watches the connection (offline/online events, unhandled network and chunk failures, Vite's preload
 * errors) and shows the connection screen when the store holds a problem.
 */
export function ConnectionErrorScreen() {
  const problem = useConnectionProblem();

  useEffect(() => {
    if (!navigator.onLine) reportConnectionProblem("offline");
    const onOffline = () => reportConnectionProblem("offline");
    const onOnline = () => clearConnectionProblem("offline");
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isMinorError(event.reason)) return;
      // Spec section 8: minor browser errors become warnings; lost connections open the screen.
      event.preventDefault();
      console.warn("[CHITTA] Minor error:", event.reason);
      reportConnectionError(event.reason);
    };
    const onError = (event: ErrorEvent) => {
      const error = event.error ?? event.message;
      if (!isMinorError(error)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      console.warn("[CHITTA] Minor error:", event.message);
      if (isChunkLoadError(error)) reportConnectionProblem("chunk");
    };
    const onPreloadError = () => reportConnectionProblem("chunk");
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
      window.removeEventListener("vite:preloadError", onPreloadError);
    };
  }, []);

  if (!problem) return null;
  return <ConnectionAlert problem={problem} />;
}

/**
 * A non-modal alert dialog: it takes focus when it appears (so it is announced and reachable), Escape or
 * Dismiss closes it and gives focus back. Built without Radix so it is part of the first download: it must
 * work when nothing else can be downloaded.
 */
function ConnectionAlert({ problem }: { problem: ConnectionProblem }) {
  const { t } = useTranslation();
  const text = useProblemText(problem);
  const titleId = useId();
  const messageId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = box.current;
    element?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") clearConnectionProblem();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      // Give focus back unless the reader has already moved on to something else.
      const active = document.activeElement;
      if (previous?.isConnected && (!active || active === document.body || element?.contains(active))) {
        previous.focus();
      }
    };
  }, []);

  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        ref={box}
        role="alertdialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        tabIndex={-1}
        className="pointer-events-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-slate-800 shadow-2xl outline-none focus-visible:outline-2 dark:border-night-700 dark:bg-night-900 dark:text-slate-100"
      >
        <h2 id={titleId} className={dialogTitleClass}>
          {text.title}
        </h2>
        <p id={messageId} className="mt-3">
          {text.message}
        </p>
        {text.hint ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text.hint}</p> : null}
        <div className="mt-4">
          <ConnectionStatus />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>{t("connection.reload")}</Button>
          <Button variant="secondary" onClick={() => clearConnectionProblem()}>
            {t("connection.dismiss")}
          </Button>
        </div>
      </div>
    </div>
  );
}
