import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { TUTORIAL_DELAY_MS } from "../../components/overlays/OnboardingOverlays";
import { OptionalBoundary } from "../../components/overlays/OptionalBoundary";
import { loadNamespaces, REFERRALS_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { usePendingRewardsQuery, useRefreshPendingRewards } from "./api";
import type { ShownRewards } from "./RewardsDialog";

// Shown now and then: its code and texts download only when there is something to show.
const loadDialog = () => import("./RewardsDialog");
const RewardsDialog = lazy(loadDialog);

/**
 * How long the screen must have been free of any other dialog before the modal opens: the welcome modal and
 * then the tutorial (which follows it TUTORIAL_DELAY_MS later) come first, and dialogs never stack.
 */
export const REWARDS_QUIET_MS = TUTORIAL_DELAY_MS * 3;

const dialogOnScreen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** True while another dialog is open and until `quietMs` after the last one closed (or after mounting). */
function useOtherDialogOpen(quietMs: number): boolean {
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      if (dialogOnScreen()) setBusy(true);
      else timer = setTimeout(() => setBusy(false), quietMs);
    };
    // Dialogs are portalled into <body>: watching its children is enough, and cheap.
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    check();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [quietMs]);
  return busy;
}

/**
 * Spec sections 2, 4 and 5: the referral rewards modal, for signed-in users. It opens once when the pending
 * query says `shouldShow`, and not again for the same answer in this page session (closing it without a
 * choice leaves the server's answer unchanged); closing or dismissing asks the server again.
 */
export function RewardsModal({ quietMs = REWARDS_QUIET_MS }: { quietMs?: number }) {
  const { user } = useAuth();
  // Keyed by the user: what was shown to one account says nothing about the next.
  return user ? <RewardsModalFor key={user.id} quietMs={quietMs} /> : null;
}

function RewardsModalFor({ quietMs }: { quietMs: number }) {
  const { data } = usePendingRewardsQuery();
  const refreshPending = useRefreshPendingRewards();
  const otherDialogOpen = useOtherDialogOpen(quietMs);
  const [shown, setShown] = useState<ShownRewards | null>(null);
  /** The answer last opened for; forgotten once the server stops asking, so a later reminder opens again. */
  const openedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!data) return;
    if (!data.shouldShow || data.type === null) {
      openedFor.current = null;
      return;
    }
    const signature = JSON.stringify(data);
    if (shown || otherDialogOpen || openedFor.current === signature) return;
    const rewards: ShownRewards = { type: data.type, data: data.data };
    let cancelled = false;
    // The texts first: the dialog never shows its keys.
    Promise.all([loadDialog(), loadNamespaces(REFERRALS_NS)]).then(
      () => {
        if (cancelled) return;
        openedFor.current = signature;
        setShown(rewards);
      },
      // The chunk could not load (offline): the next poll tries again.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [data, shown, otherDialogOpen]);

  const close = useCallback(() => {
    setShown(null);
    void refreshPending();
  }, [refreshPending]);

  if (!shown) return null;
  return (
    <OptionalBoundary fallback={null}>
      <Suspense fallback={null}>
        <RewardsDialog rewards={shown} onClose={close} />
      </Suspense>
    </OptionalBoundary>
  );
}
