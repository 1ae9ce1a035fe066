import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { OnboardingBody, PublicUser } from "../../../../contract/accounts";
import { useMarkOnboardingSeenMutation } from "../../features/account/api";
import { useAuth } from "../../features/auth/auth-context";
import { OptionalBoundary } from "./OptionalBoundary";
import { readFlag, writeFlag } from "./storage";

// Shown once per member: their code is not part of the first download.
const WelcomeModal = lazy(() => import("./WelcomeModal"));
const FirstTimeTutorial = lazy(() => import("./FirstTimeTutorial"));

/** localStorage flags (spec section 3): the account's own flags decide; these only cover a failed save. */
export const WELCOME_SEEN_KEY = "welcomeSeen";
export const TUTORIAL_SEEN_KEY = "tutorialSeen";
/** Spec section 9: the tutorial opens about 500 ms after a member lands on /dream-input. */
export const TUTORIAL_DELAY_MS = 500;
export const TUTORIAL_PATH = "/dream-input";

const FLAG_OF = { welcome: WELCOME_SEEN_KEY, tutorial: TUTORIAL_SEEN_KEY } as const;

/**
 * "Seen" lives on the account (logout clears the browser's storage, spec section 4), with this browser's flag
 * as a fallback when the save fails. Both are written when the overlay opens, so a reload never shows it twice.
 */
function useOnboardingSeen(user: PublicUser | null) {
  const { mutate: saveSeen } = useMarkOnboardingSeenMutation();
  const seen = (step: OnboardingBody["step"]) =>
    (step === "welcome" ? user?.welcomeSeen : user?.tutorialSeen) === true || readFlag(FLAG_OF[step]);
  const markSeen = useCallback(
    (step: OnboardingBody["step"]) => {
      writeFlag(FLAG_OF[step]);
      // A failed save is covered by the browser's flag.
      saveSeen(step);
    },
    [saveSeen],
  );
  return { seen, markSeen };
}

/**
 * The welcome modal (once per account) and then the first-time tutorial (once, on /dream-input).
 * They never stack: the tutorial waits until the welcome modal is closed.
 */
export function OnboardingOverlays() {
  const { user, isLoading, refreshUser } = useAuth();
  const [location, navigate] = useLocation();
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const refreshed = useRef(false);
  const userId = user?.id ?? null;
  const { seen, markSeen } = useOnboardingSeen(user);
  const welcomeSeen = seen("welcome");
  const tutorialSeen = seen("tutorial");

  useEffect(() => {
    if (userId === null || welcomeSeen) return;
    markSeen("welcome");
    setWelcomeOpen(true);
  }, [userId, welcomeSeen, markSeen]);

  useEffect(() => {
    if (location !== TUTORIAL_PATH) return;
    if (userId === null) {
      // Spec section 4: with no user on the dream page, the session is checked again, once.
      if (!isLoading && !refreshed.current) {
        refreshed.current = true;
        void refreshUser().catch(() => undefined);
      }
      return;
    }
    if (welcomeOpen || tutorialSeen) return;
    const timer = setTimeout(() => {
      markSeen("tutorial");
      setTutorialOpen(true);
    }, TUTORIAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location, userId, isLoading, welcomeOpen, tutorialSeen, markSeen, refreshUser]);

  // Signing out closes whatever is open.
  useEffect(() => {
    if (userId === null) {
      setWelcomeOpen(false);
      setTutorialOpen(false);
    }
  }, [userId]);

  if (!welcomeOpen && !tutorialOpen) return null;
  return (
    <OptionalBoundary fallback={null}>
      <Suspense fallback={null}>
        {welcomeOpen ? (
          <WelcomeModal
            open
            onOpenChange={setWelcomeOpen}
            onStart={() => {
              setWelcomeOpen(false);
              if (location !== TUTORIAL_PATH) navigate(TUTORIAL_PATH);
            }}
          />
        ) : null}
        {tutorialOpen ? <FirstTimeTutorial open onOpenChange={setTutorialOpen} /> : null}
      </Suspense>
    </OptionalBoundary>
  );
}
