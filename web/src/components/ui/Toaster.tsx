import { lazy, Suspense, useState } from "react";
import { OptionalBoundary } from "../overlays/OptionalBoundary";
import { useToasts } from "./toast-store";

const ToastList = lazy(() => import("./ToastList"));

/** Radix Toast downloads with the first toast: a visit that never shows one does not load its code. */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <OptionalBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastList />
      </Suspense>
    </OptionalBoundary>
  );
}
