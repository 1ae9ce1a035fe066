import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema/index";

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const VAPID_SECRET = "vapid";

/** One read per database handle: the pair never changes while the process runs. */
const generatedPairs = new WeakMap<Database, Promise<{ publicKey: string; privateKey: string }>>();

/**
 * The environment's VAPID keys, or the pair generated once and kept in `app_secrets`. Browsers tie each
 * subscription to the public key they were given, so every instance on one database must sign with the same
 * pair: the first instance to insert wins (`on conflict do nothing`) and all of them read the row back.
 */
export async function vapidDetails(ctx: Pick<AppContext, "config" | "db">): Promise<VapidDetails> {
  const { vapidKeys, vapidSubject } = ctx.config.push;
  const keys = vapidKeys ?? (await generatedPair(ctx.db));
  return { subject: vapidSubject, ...keys };
}

function generatedPair(db: Database) {
  let pair = generatedPairs.get(db);
  if (!pair) {
    pair = readOrCreatePair(db);
    // A failed read (database down) is not remembered: the next call tries again.
    pair.catch(() => generatedPairs.delete(db));
    generatedPairs.set(db, pair);
  }
  return pair;
}

async function readOrCreatePair(db: Database) {
  await db
    .insert(appSecrets)
    .values({ name: VAPID_SECRET, value: webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET));
  return row!.value as { publicKey: string; privateKey: string };
}
