import { forbidden } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";

/**
 * The observed client sends a `userId` with dreams; the session decides who the user is, and a payload that
 * names someone else is refused rather than silently rewritten (decisions.md, trust boundaries).
 */
export function assertClaimedUser(claimedUserId: number | null | undefined, user: SessionUser): void {
  if (claimedUserId != null && claimedUserId !== user.id) throw forbidden("errors.userMismatch");
}
