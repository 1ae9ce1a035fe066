import { useEffect } from "react";
import { whenIdle } from "../../../lib/idle";
import { useAuth } from "../../auth/auth-context";

/**
 * Sends the signed-in user's waiting dreams whatever page the app opens on (and when the connection returns),
 * not only where the counter is shown: browsers without Background Sync have no other moment. The outbox code
 * downloads only then, after the first screen.
 */
export function SyncWaitingDreams() {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    const sync = () => {
      import("./save").then((outbox) => outbox.syncFromPage(userId)).catch(() => undefined);
    };
    const cancel = whenIdle(sync);
    window.addEventListener("online", sync);
    return () => {
      cancel();
      window.removeEventListener("online", sync);
    };
  }, [userId]);
  return null;
}
