import type Stripe from "stripe";
import { FREE_TRANSLATIONS_PER_DAY } from "../../../contract/constants";
import type { AppContext } from "../../context";
import { actionMail } from "../../integrations/email/templates";
import { type Language, translator } from "../../lib/i18n";

export interface BillingMail {
  kind: "receipt" | "paymentFailed" | "ended";
  user: { id: number; email: string; username: string; language: string };
  event: Stripe.Event;
}

const linkByKind: Record<BillingMail["kind"], string> = {
  receipt: "/account/subscription",
  paymentFailed: "/stripe-checkout/recovery",
  ended: "/subscribe",
};

/** Receipt, failed payment and end of subscription, in the user's language, from a verified event. */
export async function sendBillingMail(ctx: Pick<AppContext, "mailer" | "config">, mail: BillingMail) {
  const language: Language = mail.user.language === "es" ? "es" : "en";
  const t = translator(language);
  const invoice = mail.event.data.object as unknown as {
    amount_paid?: number;
    amount_due?: number;
    currency?: string;
    lines?: { data?: Array<{ period?: { end?: number } }> };
    parent?: { subscription_details?: { metadata?: { plan?: string } } };
  };
  const cents = mail.kind === "receipt" ? (invoice.amount_paid ?? 0) : (invoice.amount_due ?? 0);
  const money = new Intl.NumberFormat(language, {
    style: "currency",
    currency: (invoice.currency ?? "usd").toUpperCase(),
  });
  const periodEnd = invoice.lines?.data?.[0]?.period?.end;
  const plan = invoice.parent?.subscription_details?.metadata?.plan;
  await ctx.mailer.send(
    actionMail(mail.kind, {
      to: mail.user.email,
      username: mail.user.username,
      link: `${ctx.config.publicUrl}${linkByKind[mail.kind]}`,
      language,
      params: {
        amount: money.format(cents / 100),
        translations: String(FREE_TRANSLATIONS_PER_DAY),
        plan: t(`email.plans.${plan === "yearly" ? "yearly" : "monthly"}`),
        renewal: periodEnd
          ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
              new Date(periodEnd * 1000),
            )
          : "",
      },
    }),
  );
}
