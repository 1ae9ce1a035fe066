import { eq } from "drizzle-orm";
import { type AdminApplication, DEFAULT_AFFILIATE_TIER } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { affiliateApplications, users } from "../../db/schema/index";
import { actionMail } from "../../integrations/email/templates";
import { conflict, notFound } from "../../lib/errors";
import { isLanguage, translator } from "../../lib/i18n";
import type { SessionUser } from "../accounts/sessions";
import { APPLICATION_NOT_FOUND, adminApplicationQuery, presentAdminApplication } from "./affiliate-figures";

export type ReviewDecision = "approve" | "reject";

type ReviewContext = Pick<AppContext, "db" | "clock" | "config" | "mailer" | "background">;

/** The applicant hears the decision in their language: approved opens the dashboard, rejected quotes the notes. */
function sendDecisionMail(ctx: ReviewContext, application: AdminApplication, language: string) {
  const lang = isLanguage(language) ? language : "en";
  const approved = application.status === "approved";
  const notes = application.reviewNotes;
  ctx.background.run("affiliates.reviewMail", () =>
    ctx.mailer.send(
      actionMail(approved ? "affiliateApproved" : "affiliateRejected", {
        to: application.email,
        username: application.username,
        link: `${ctx.config.publicUrl}${approved ? "/affiliate-dashboard" : "/referrals"}`,
        language: lang,
        params: {
          notes: !approved && notes ? translator(lang)("email.affiliateRejected.notes", { notes }) : "",
        },
      }),
    ),
  );
}

/**
 * Approves or rejects a pending application (anything else is 409). Approval makes the applicant an active
 * affiliate on the default tier, its rate applying; rejection leaves them free to apply again.
 */
export async function reviewApplication(
  ctx: ReviewContext,
  admin: Pick<SessionUser, "id">,
  input: { id: number; decision: ReviewDecision; notes?: string },
): Promise<AdminApplication> {
  const now = ctx.clock.now();
  const { application, language } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: affiliateApplications.status, userId: affiliateApplications.userId })
      .from(affiliateApplications)
      .where(eq(affiliateApplications.id, input.id))
      .for("update");
    if (!current) throw notFound(APPLICATION_NOT_FOUND);
    if (current.status !== "pending") throw conflict("errors.affiliateApplicationReviewed");
    const approved = input.decision === "approve";
    await tx
      .update(affiliateApplications)
      .set({
        status: approved ? "approved" : "rejected",
        reviewedBy: admin.id,
        reviewedAt: now,
        reviewNotes: input.notes || null,
      })
      .where(eq(affiliateApplications.id, input.id));
    const [applicant] = await tx
      .update(users)
      .set(
        approved
          ? {
              affiliateStatus: "active",
              affiliateTier: DEFAULT_AFFILIATE_TIER,
              affiliateCommissionRate: null,
            }
          : { affiliateStatus: "rejected" },
      )
      .where(eq(users.id, current.userId))
      .returning({ language: users.language });
    const [row] = await adminApplicationQuery(tx).where(eq(affiliateApplications.id, input.id));
    return { application: presentAdminApplication(row!), language: applicant!.language };
  });
  sendDecisionMail(ctx, application, language);
  return application;
}
