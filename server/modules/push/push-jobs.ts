import { definePushDelivery, type PushContext } from "../../integrations/push/deliver";
import { expireUnconfirmedSubscriptions } from "./push-subscriptions";

export const EXPIRE_UNCONFIRMED_JOB = "push.expire-unconfirmed";

/** Push's job kinds: delivery retries, and the daily sweep of subscriptions no app re-confirmed. */
export function definePushJobs(ctx: PushContext): void {
  definePushDelivery(ctx);
  ctx.jobs.define(EXPIRE_UNCONFIRMED_JOB, async () => {
    const expired = await expireUnconfirmedSubscriptions(ctx);
    if (expired > 0) ctx.log.info({ expired }, "push subscriptions expired (not re-confirmed)");
  });
  // Once a day, at a quiet hour in UTC.
  ctx.jobs.schedule(EXPIRE_UNCONFIRMED_JOB, "43 3 * * *");
}
