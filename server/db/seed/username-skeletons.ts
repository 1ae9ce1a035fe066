import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../lib/db-errors";
import { usernameSkeleton } from "../../modules/accounts/username-skeleton";
import type { Database } from "../client";
import { users } from "../schema/index";

const BATCH = 500;

/**
 * Rows whose stored skeleton may not be the true one: none yet, or the migration's stand-in lower(username)
 * on a name with a character the skeleton changes (anything but ASCII letters and digits other than m, 0 and 1,
 * and `._-`). Plain ASCII names are their own skeleton and are never read again.
 */
const mayBeStale = or(
  isNull(users.usernameSkeleton),
  and(
    sql`${users.usernameSkeleton} = lower(${users.username})`,
    sql`${users.username} ~ '[^a-ln-zA-LN-Z2-9._-]'`,
  ),
);

/**
 * Gives every account its true username skeleton (the migration could only store lower(username)). Runs at
 * every start and touches only rows still in doubt. Two old names that look alike cannot both hold the same
 * skeleton: the older account keeps it and the other is left without one (its name stays; new look-alikes of
 * either are still refused by the first one's skeleton).
 */
export async function backfillUsernameSkeletons(db: Database): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username, skeleton: users.usernameSkeleton })
      .from(users)
      .where(and(gt(users.id, after), mayBeStale))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) return changed;
    after = rows.at(-1)!.id;
    const updates = rows
      .map((row) => ({ ...row, next: usernameSkeleton(row.username) }))
      .filter((row) => row.next !== row.skeleton);
    if (updates.length === 0) continue;
    const values = sql.join(
      updates.map((row) => sql`(${row.id}::integer, ${row.next})`),
      sql`, `,
    );
    try {
      await db.execute(
        sql`update ${users} set username_skeleton = v.skeleton from (values ${values}) as v(id, skeleton) where ${users.id} = v.id`,
      );
      changed += updates.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A collision in this batch: one row at a time, oldest first, and a loser keeps no skeleton.
      for (const row of updates) {
        try {
          await db.update(users).set({ usernameSkeleton: row.next }).where(eq(users.id, row.id));
          changed++;
        } catch (rowError) {
          if (!isUniqueViolation(rowError)) throw rowError;
          if (row.skeleton !== null) {
            await db.update(users).set({ usernameSkeleton: null }).where(eq(users.id, row.id));
          }
        }
      }
    }
  }
}
