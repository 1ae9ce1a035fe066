import { eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/index";

/** Usernames and emails are unique without regard to case. */
export const lowerEquals = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export async function findUserByLogin(db: Queryable, login: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(or(lowerEquals(users.username, login), lowerEquals(users.email, login)))
    // An email that equals someone else's username must not shadow that person's login.
    .orderBy(sql`case when lower(${users.username}) = lower(${login}) then 0 else 1 end`)
    .limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [user] = await db.select().from(users).where(lowerEquals(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Queryable, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}
