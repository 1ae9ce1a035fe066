import { useSyncExternalStore } from "react";

/** Spec section 9: one toast at a time, shown 5000 ms; a dismissed toast leaves the DOM after its exit. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastItem["variant"];
}): number {
  const id = nextId++;
  toasts = [
    {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? "default",
      open: true,
    },
    ...toasts,
  ].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        toasts = toasts.filter((item) => item.id !== id);
        emit();
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
