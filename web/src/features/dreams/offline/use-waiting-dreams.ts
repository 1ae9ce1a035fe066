import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DREAMS_KEY } from "../api";
import { outboxStore, syncFromPage } from "./save";
import { onOutboxChange } from "./sync";

/**
 * How many of the user's dreams wait in the outbox, kept current across tabs and the service worker. While
 * mounted it also sends them: at once and whenever the browser comes back online. A dream that reached the
 * journal elsewhere refreshes the journal's queries here.
 */
export function useWaitingDreams(userId: number | null): number {
  const queryClient = useQueryClient();
  const [count, setCount] = useState(0);

  useEffect(() => {
    const outbox = outboxStore();
    if (userId === null || !outbox) {
      setCount(0);
      return;
    }
    let active = true;
    const recount = () => {
      outbox.list(userId).then(
        (entries) => active && setCount(entries.length),
        () => undefined,
      );
    };
    const sync = () => {
      syncFromPage(userId).catch(() => undefined);
    };
    const stop = onOutboxChange((change) => {
      recount();
      if (change.saved) void queryClient.invalidateQueries({ queryKey: [DREAMS_KEY] });
    });
    recount();
    sync();
    window.addEventListener("online", sync);
    return () => {
      active = false;
      stop();
      window.removeEventListener("online", sync);
    };
  }, [userId, queryClient]);

  return count;
}
