import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "../../features/auth/auth-context";
import { OptionalBoundary } from "./OptionalBoundary";
import { readFlag, writeFlag } from "./storage";

// Shown once per member: their code is not part of the first download.
const WelcomeModal = lazy(() => import("./WelcomeModal"));
const FirstTimeTutorial = lazy(() => import("./FirstTimeTutorial"));

/** localStorage flags (spec section 3). */
export const WELCOME_SEEN_KEY = "welcomeSeen";
export const TUTORIAL_SEEN_KEY = "tutorialSeen";
/** Spec section 9: the tutorial opens about 500 ms after a member lands on /dream-input. */
export const TUTORIAL_DELAY_MS = 500;
export const TUTORIAL_PATH = "/dream-input";

/**
 * The welcome modal (once, for a signed-in user) and then the first-time tutorial (once, on /dream-input).
 * They never stack: the tutorial waits until the welcome modal is closed.
 */
export function OnboardingOverlays() {
  const { user, isLoading, refreshUser } = useAuth();
  const [location, navigate] = useLocation();
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const refreshed = useRef(false);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null || readFlag(WELCOME_SEEN_KEY)) return;
    writeFlag(WELCOME_SEEN_KEY);
    setWelcomeOpen(true);
  }, [userId]);

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
    if (welcomeOpen || readFlag(TUTORIAL_SEEN_KEY)) return;
    const timer = setTimeout(() => {
      writeFlag(TUTORIAL_SEEN_KEY);
      setTutorialOpen(true);
    }, TUTORIAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location, userId, isLoading, welcomeOpen, refreshUser]);

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
