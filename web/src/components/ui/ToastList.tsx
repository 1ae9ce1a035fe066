import { Toast } from "radix-ui";
import { useTranslation } from "react-i18next";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "./toast-store";

/** The toasts on Radix Toast (swipe to dismiss, F8 to reach them, announced to screen readers). */
export default function ToastList() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t("common.notifications")}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${
            item.variant === "destructive"
              ? "border-red-400/60 bg-red-950 text-red-50"
              : "border-moon-400/40 bg-night-800 text-slate-50"
          }`}
        >
          <div className="flex-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="mt-1 text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t("common.close")}
            className="rounded px-2 text-lg leading-none opacity-80 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 sm:top-auto" />
    </Toast.Provider>
  );
}
