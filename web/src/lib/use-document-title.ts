import { useEffect } from "react";

/** Sets the tab title to `${title} · CHITTA` while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · CHITTA`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
