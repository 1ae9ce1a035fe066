import type { AppContext } from "../../context";
import { deleteUserSessions } from "./sessions";

/** Ends every session of the user, the caller's own included (e.g. after losing a device). */
export async function logOutEverywhere(ctx: AppContext, userId: number): Promise<void> {
  await deleteUserSessions(ctx.db, userId);
}
