import { lazy, Suspense, useEffect, useState } from "react";
import { OptionalBoundary } from "../../components/overlays/OptionalBoundary";
import { ANNOUNCEMENTS_NS, loadNamespaces } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { useActiveAnnouncementsQuery } from "./api";

// Most visits have nothing to announce: the cards' code and texts download only when there is something.
const loadCards = () => import("./AnnouncementCards");
const AnnouncementCards = lazy(loadCards);

/**
 * Spec sections 2, 5 and 6: the announcements stack at the top right, for signed-in users only. Mounted once
 * for the whole app.
 */
export function AnnouncementStack() {
  const { user } = useAuth();
  // Keyed by the user: a sign-in mounts it afresh, which asks the server at once (showOnLogin ones appear).
  return user ? <StackFor key={user.id} /> : null;
}

function StackFor() {
  const { data, dataUpdatedAt } = useActiveAnnouncementsQuery();
  const announcements = data?.announcements ?? [];
  const [ready, setReady] = useState(false);
  const anything = announcements.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer of the poll retries a failed download.
  useEffect(() => {
    if (!anything || ready) return;
    let cancelled = false;
    // The texts first: a card never shows its keys.
    Promise.all([loadCards(), loadNamespaces(ANNOUNCEMENTS_NS)]).then(
      () => {
        if (!cancelled) setReady(true);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [anything, ready, dataUpdatedAt]);

  return (
    // The live region is on screen before any card, so screen readers announce the cards as they arrive.
    // Below the sticky header (h-16) and at most part of the screen's height, so the page stays usable.
    <div
      role="status"
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed top-20 right-4 z-30 flex w-[calc(100vw-2rem)] max-w-sm flex-col items-stretch gap-2"
    >
      {ready && anything ? (
        <OptionalBoundary fallback={null}>
          <Suspense fallback={null}>
            <AnnouncementCards announcements={announcements} />
          </Suspense>
        </OptionalBoundary>
      ) : null}
    </div>
  );
}
