import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { SharedReading } from "../../../contract/oracle";
import type { AppContext } from "../../context";
import { oracleConsultations } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import { randomToken } from "../../lib/tokens";
import type { SessionUser } from "../accounts/sessions";
import { readingOf, sharePathOf, statusOf } from "./consultation-presenter";
import { loadConsultation } from "./own-consultation";
import { practiceConflict } from "./practice-rules";

type ShareContext = Pick<AppContext, "db" | "clock">;

/**
 * A public link to the reading: an unguessable token (256 bits) in the path. Sharing again answers the link
 * already given; a parallel request that set one first wins, and both answer it.
 */
export async function shareConsultation(
  ctx: ShareContext,
  user: Pick<SessionUser, "id">,
  consultationId: string,
): Promise<{ sharePath: string }> {
  const consultation = await loadConsultation(ctx.db, user, consultationId);
  if (statusOf(consultation, ctx.clock.now()) !== "complete") throw practiceConflict("errors.oracleNotReady");
  if (consultation.shareToken) return { sharePath: sharePathOf(consultation.shareToken) };
  await ctx.db
    .update(oracleConsultations)
    .set({ shareToken: randomToken(), shareRevokedAt: null })
    .where(and(eq(oracleConsultations.id, consultationId), isNull(oracleConsultations.shareToken)));
  const { shareToken } = await loadConsultation(ctx.db, user, consultationId);
  return { sharePath: sharePathOf(shareToken!) };
}

/** Ends the public link for good: the token is forgotten, so the old link is not found. */
export async function revokeShare(
  ctx: ShareContext,
  user: Pick<SessionUser, "id">,
  consultationId: string,
): Promise<void> {
  await loadConsultation(ctx.db, user, consultationId);
  await ctx.db
    .update(oracleConsultations)
    .set({ shareToken: null, shareRevokedAt: ctx.clock.now() })
    .where(and(eq(oracleConsultations.id, consultationId), isNotNull(oracleConsultations.shareToken)));
}

/**
 * What anyone holding the link sees: the reading only. No username, challenge, journal or follow-up; and not
 * the parts drawn from the owner's private data either (the recurring symbols of their dream journal, the note
 * on their birth signs).
 */
export async function readSharedReading(ctx: ShareContext, token: string): Promise<SharedReading> {
  const [row] = await ctx.db
    .select({
      status: oracleConsultations.status,
      createdAt: oracleConsultations.createdAt,
      oracleResponse: oracleConsultations.oracleResponse,
    })
    .from(oracleConsultations)
    .where(eq(oracleConsultations.shareToken, token));
  const reading = row && statusOf(row, ctx.clock.now()) === "complete" ? readingOf(row) : null;
  if (!row || !reading) throw notFound("errors.sharedReadingNotFound");
  return {
    createdAt: row.createdAt.toISOString(),
    reading: { ...reading, dreamEchoes: [], echoNote: null, signsNote: null },
  };
}
