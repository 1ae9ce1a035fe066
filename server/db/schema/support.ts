import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

export const tickets = pgTable(
  "tickets",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text().notNull(),
    suggestion: text(),
    /** bug, feature_request, question, feedback, subscription, content_issue, symbol_missing, other. */
    category: text().notNull().default("other"),
    /** open, in_progress, resolved, wont_fix, duplicate, closed. */
    status: text().notNull().default("open"),
    /** low, medium, high, critical. */
    priority: text().notNull().default("medium"),
    assignedTo: integer().references(() => users.id, { onDelete: "set null" }),
    adminResponse: text(),
    screenshotUrl: text(),
    pageUrl: text(),
    browserInfo: text(),
    userActions: jsonb(),
    upvotes: integer().notNull().default(0),
    isPublic: boolean().notNull().default(false),
    plannedRelease: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("tickets_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    index("tickets_status_idx").on(table.status, table.createdAt.desc()),
    index("tickets_category_idx").on(table.category),
    index("tickets_assigned_to_idx").on(table.assignedTo),
  ],
);

export const announcements = pgTable(
  "announcements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    message: text().notNull(),
    /** The Spanish texts; a Spanish reader gets the English where one is missing. */
    titleEs: text(),
    messageEs: text(),
    /** success, warning, error; anything else reads as info. */
    type: text().notNull().default("info"),
    /** high, medium; anything else reads as low. */
    priority: text().notNull().default("normal"),
    isActive: boolean().notNull().default(false),
    showOnLogin: boolean().notNull().default(false),
    actionText: text(),
    actionTextEs: text(),
    actionUrl: text(),
    expiresAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("announcements_is_active_idx").on(table.isActive, table.createdAt.desc()),
    index("announcements_created_by_idx").on(table.createdBy),
  ],
);

export const userAnnouncementReads = pgTable(
  "user_announcement_reads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("user_announcement_reads_user_id_announcement_id_key").on(table.userId, table.announcementId),
    index("user_announcement_reads_announcement_id_idx").on(table.announcementId),
  ],
);

/** Admin-generated reports (/admin/system-reports). */
export const systemReports = pgTable(
  "system_reports",
  {
    id: text().primaryKey(),
    type: text().notNull(),
    title: text().notNull(),
    description: text(),
    generatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The admin who asked for it; null for scheduled reports or once that account is gone. */
    generatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    status: text().notNull().default("generating"),
    filePath: text(),
    /** File size in bytes. */
    size: integer(),
    downloadCount: integer().notNull().default(0),
    metadata: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("system_reports_generated_at_idx").on(table.generatedAt.desc()),
    index("system_reports_generated_by_idx").on(table.generatedBy),
  ],
);
