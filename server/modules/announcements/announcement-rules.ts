import { and, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  type AnnouncementPriority,
  type AnnouncementType,
  announcementPriorities,
  announcementTypes,
} from "../../../contract/announcements";
import { announcements } from "../../db/schema/index";

export const ANNOUNCEMENT_NOT_FOUND = "errors.announcementNotFound";

/** Spec section 3: success, warning and error as stored; anything else reads as info. */
export const readType = (stored: string): AnnouncementType =>
  (announcementTypes as readonly string[]).includes(stored) ? (stored as AnnouncementType) : "info";

/** Spec section 3: high and medium as stored; anything else (the old default "normal") reads as low. */
export const readPriority = (stored: string): AnnouncementPriority =>
  (announcementPriorities as readonly string[]).includes(stored) ? (stored as AnnouncementPriority) : "low";

/** High first, then medium, then everything else: the same reading as readPriority, in SQL. */
export const priorityRank = sql<number>`case ${announcements.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;

/** Announcements users are shown at `now`: active and not yet expired. */
export const shownAt = (now: Date): SQL =>
  and(
    eq(announcements.isActive, true),
    or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now)),
  )!;
