import { randomBytes } from "node:crypto";
import { isPremium } from "../../../contract/billing-constants";
import type { Consultation, CreateConsultationBody } from "../../../contract/oracle";
import type { AppContext } from "../../context";
import { oracleConsultations } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { consumeOracleAllowance, refundOracleAllowance } from "../billing/oracle-allowance";
import { presentConsultation } from "./consultation-presenter";
import { runConsultation, settleAbandoned } from "./run-consultation";

/** 128 random bits, URL-safe (22 characters): a consultation's public id. */
export const newConsultationId = () => randomBytes(16).toString("base64url");

/**
 * Asks the oracle: the allowance is counted first (one conditional UPDATE, so of parallel requests from a free
 * user exactly one passes), then the consultation is stored as processing and its steps run off the request.
 * The answer is the consultation at its first step; the page follows it with GET until it is complete.
 */
export async function startConsultation(
  ctx: Pick<AppContext, "db" | "clock" | "symbols" | "log" | "background" | "prose">,
  user: SessionUser,
  body: CreateConsultationBody,
): Promise<Consultation> {
  await settleAbandoned(ctx, user);
  await consumeOracleAllowance(ctx, user);
  const counted = !isPremium(user);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(oracleConsultations)
    .values({ id: newConsultationId(), userId: user.id, userInput: body.challenge, createdAt: now })
    .returning()
    .catch(async (error: unknown) => {
      if (counted) await refundOracleAllowance(ctx.db, user.id);
      throw error;
    });
  const consultation = { id: row!.id, challenge: row!.userInput };
  ctx.background.run("oracle.consultation", () => runConsultation(ctx, user, consultation, counted));
  return presentConsultation(row!, { journalEntriesCount: 0, followUp: null }, now);
}
