import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type ConsultationPage,
  consultationIdParamsSchema,
  type listConsultationsQuerySchema,
} from "../../../contract/oracle";
import type { AppContext } from "../../context";
import {
  oracleConsultations,
  oracleFollowupConsultations,
  oraclePracticeJournal,
} from "../../db/schema/index";
import { validationError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { presentSummary } from "./consultation-presenter";

interface Cursor {
  createdAt: string;
  id: string;
}

const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");

/** Only what encodeCursor writes: a forged cursor is refused here rather than by the database. */
function decodeCursor(cursor: string): Cursor {
  const [createdAt, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const instant = new Date(createdAt ?? Number.NaN);
  const genuine =
    createdAt !== undefined &&
    rest.length === 0 &&
    !Number.isNaN(instant.getTime()) &&
    instant.toISOString() === createdAt &&
    /^(?!0000)\d{4}-/.test(createdAt) &&
    consultationIdParamsSchema.safeParse({ id }).success;
  if (!genuine) throw validationError("validation.invalidOracleCursor", "cursor");
  return { createdAt, id: id! };
}

/** The user's consultations, newest first, in keyset pages (stable while new ones are asked for). */
export async function listConsultations(
  ctx: Pick<AppContext, "db" | "clock">,
  user: Pick<SessionUser, "id">,
  query: z.infer<typeof listConsultationsQuerySchema>,
): Promise<ConsultationPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.db
    .select({
      ...getTableColumns(oracleConsultations),
      journalEntriesCount: sql<number>`(select count(*) from ${oraclePracticeJournal} where ${oraclePracticeJournal.consultationId} = ${oracleConsultations.id})::int`,
      hasFollowUp: sql<boolean>`${oracleFollowupConsultations.id} is not null`,
    })
    .from(oracleConsultations)
    // At most one follow-up per consultation (unique index): the join never repeats a row.
    .leftJoin(
      oracleFollowupConsultations,
      eq(oracleFollowupConsultations.originalConsultationId, oracleConsultations.id),
    )
    .where(
      and(
        eq(oracleConsultations.userId, user.id),
        cursor
          ? sql`(${oracleConsultations.createdAt}, ${oracleConsultations.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(oracleConsultations.createdAt), desc(oracleConsultations.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const now = ctx.clock.now();
  return {
    consultations: page.map((row) => presentSummary(row, now)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
