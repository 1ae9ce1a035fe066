import { useEffect, useRef, useState } from "react";

/**
 * A ref for the heading of a view that replaces another (the form by the progress, the progress by the reading):
 * when `enabled` at first render, the heading takes the focus, so keyboard and screen reader users land on what
 * appeared instead of on a control that is gone.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  const [focusAtStart] = useState(enabled);
  useEffect(() => {
    if (focusAtStart) ref.current?.focus();
  }, [focusAtStart]);
  return ref;
}
