import { readFlag, writeFlag } from "../../components/overlays/storage";

/** Spec section 9: the 'Stay Updated' card appears this long after the app is installed. */
export const PUSH_PROMPT_DELAY_MS = 2000;
/** localStorage flags (spec section 3): Later (or a denied permission), and "shown once after install". */
export const PUSH_PROMPT_DISMISSED_KEY = "pushPromptDismissed";
export const POST_INSTALL_PUSH_PROMPT_SHOWN_KEY = "postInstallPushPromptShown";

/**
 * The card's conditions that need no waiting (spec section 3): the app is installed, notifications are not
 * blocked, the card was neither dismissed nor shown before. Whether this browser is subscribed already is
 * asked of the service worker by the card itself.
 */
export function pushPromptAllowed(installed: boolean): boolean {
  const permission = "Notification" in window ? Notification.permission : "default";
  return (
    installed &&
    permission !== "denied" &&
    !readFlag(PUSH_PROMPT_DISMISSED_KEY) &&
    !readFlag(POST_INSTALL_PUSH_PROMPT_SHOWN_KEY)
  );
}

export const markPushPromptShown = () => writeFlag(POST_INSTALL_PUSH_PROMPT_SHOWN_KEY);
export const dismissPushPrompt = () => writeFlag(PUSH_PROMPT_DISMISSED_KEY);
