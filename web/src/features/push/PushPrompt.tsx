import { lazy, Suspense, useEffect, useState } from "react";
import { OptionalBoundary } from "../../components/overlays/OptionalBoundary";
import { whenIdle } from "../../lib/idle";
import { useAuth } from "../auth/auth-context";
import { runningInstalled, useInstallState } from "../pwa/install";
import { reconfirmPush } from "./push-client";
import { pushPromptAllowed } from "./push-prompt";

// Only installed apps ever show it: its code is not part of the first download.
const StayUpdatedCard = lazy(() => import("./StayUpdatedCard"));

/**
 * Push for a signed-in member (the subscription belongs to the account): this browser's subscription is
 * re-confirmed once the app is up, and the 'Stay Updated' card is mounted when the app is installed (running
 * as the app, or installed from this page a moment ago) and the card's conditions hold.
 */
export function PushPrompt() {
  const { user } = useAuth();
  const { justInstalled } = useInstallState();
  const [mounted, setMounted] = useState(false);
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    // A failed re-confirmation is retried at the next open; the server keeps the subscription meanwhile.
    return whenIdle(() => void reconfirmPush().catch(() => undefined));
  }, [userId]);

  // Once mounted the card stays until it is done: showing it sets the flag the conditions read.
  if (!mounted && user && pushPromptAllowed(justInstalled || runningInstalled())) setMounted(true);
  if (!mounted || !user) return null;
  return (
    <OptionalBoundary fallback={null}>
      <Suspense fallback={null}>
        <StayUpdatedCard user={user} />
      </Suspense>
    </OptionalBoundary>
  );
}
