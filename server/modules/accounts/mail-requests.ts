import { and, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { users } from "../../db/schema/index";
import { hashToken } from "../../lib/tokens";
import { type Device, deviceKnows } from "./device-cookie";
import { findUserByEmail } from "./find-user";
import { TOKEN_KINDS } from "./one-time-tokens";
import { type MailRequestLimits, releaseAttempt, takeAttempt } from "./throttle";

type User = typeof users.$inferSelect;
type LinkKind = "passwordReset" | "verification";

/** Who asks for a mailed link: their IP and, when the browser has one, its device cookie. */
export interface Requester {
  ip: string;
  device: Device | null;
}

/**
 * Counts a signed-out request for a link mailed to `address`; 429 once the requester's budget is spent. The
 * owner's browser (its device cookie names the account) spends only a budget of its own, so nobody else's
 * requests, from any IP, can get it refused. Everyone else spends per IP and per IP and address: a requester can
 * use up their own budget, never the owner's. The work does not depend on whether the address has an account,
 * except in a browser holding a device cookie (one lookup, whatever the answer).
 */
export async function throttleMailRequest(
  ctx: AppContext,
  limits: MailRequestLimits,
  requester: Requester,
  address: string,
): Promise<void> {
  if (requester.device) {
    const user = await findUserByEmail(ctx.db, address);
    if (user && deviceKnows(requester.device, user.id)) {
      await takeAttempt(ctx, limits.perOwner, `user:${user.id}:device:${requester.device.id}`);
      return;
    }
  }
  const perIp = await takeAttempt(ctx, limits.perIp, requester.ip);
  try {
    // The address only as a digest: the ledger need not hold what strangers typed.
    await takeAttempt(ctx, limits.perIpAndAddress, `${requester.ip} ${hashToken(address)}`);
  } catch (error) {
    // A refused request costs nothing.
    await releaseAttempt(ctx, perIp);
    throw error;
  }
}

/** How long a freshly mailed link stands in for a new one. */
export const FRESH_LINK_MS = 60_000;

/**
 * Against mail bombing, which per-requester budgets alone allow (many IPs, one inbox): a new link is mailed only
 * when no link of this kind mailed to this address less than a minute ago still works; otherwise nothing is sent
 * and the answer is the same. This never fails the owner: their inbox already holds that working link, and a
 * newer one is only ever made together with its own mail, so the newest mail in the inbox always works. A flood
 * from any number of requesters puts at most one mail a minute into the inbox.
 */
async function hasFreshLink(ctx: AppContext, kind: LinkKind, user: User): Promise<boolean> {
  const { table } = TOKEN_KINDS[kind];
  const now = ctx.clock.now();
  const [fresh] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.userId, user.id),
        eq(table.used, false),
        gt(table.expiresAt, now),
        gt(table.createdAt, new Date(now.getTime() - FRESH_LINK_MS)),
        sql`lower(${table.email}) = lower(${user.email})`,
      ),
    )
    .limit(1);
  return fresh !== undefined;
}

/**
 * The lookup and the mail for a signed-out request, in the background: the answer goes at once, after the same
 * work whether or not the address has an account. One task at a time per address, so the freshness check and the
 * new link cannot interleave with a parallel request's.
 */
export function mailLinkInBackground(
  ctx: AppContext,
  kind: LinkKind,
  address: string,
  wanted: (user: User) => boolean,
  send: (user: User) => Promise<unknown>,
): void {
  ctx.background.run(
    `${kind} mail`,
    async () => {
      const user = await findUserByEmail(ctx.db, address);
      if (!user || !wanted(user) || (await hasFreshLink(ctx, kind, user))) return;
      await send(user);
    },
    `${kind} ${address}`,
  );
}
