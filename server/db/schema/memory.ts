import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const memoryMoments = pgTable(
  "memory_moments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The user's local calendar day the moment belongs to. */
    date: date().notNull(),
    momentNumber: integer().notNull(),
    /** Image as a data URL, or null for a note-only moment. */
    imageData: text(),
    note: text(),
    /** When the moment was captured (may precede createdAt if saved later). */
    timestamp: timestamp({ withTimezone: true }).notNull().defaultNow(),
    isArchived: boolean().notNull().default(false),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("memory_moments_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    index("memory_moments_user_id_date_idx").on(table.userId, table.date),
  ],
);

export const memoryExerciseSessions = pgTable(
  "memory_exercise_sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date().notNull(),
    /** Minutes, matching users.totalExerciseMinutes. */
    duration: integer().notNull().default(0),
    assistedDays: integer().notNull().default(0),
    unassistedDays: integer().notNull().default(0),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("memory_exercise_sessions_user_id_date_idx").on(table.userId, table.date.desc())],
);

export const memorySettings = pgTable(
  "memory_settings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Local times of day as "HH:MM" strings, in the user's timezone. */
    reminderTimes: jsonb().notNull().default([]),
    remindersEnabled: boolean().notNull().default(false),
    exerciseGoal: integer().notNull().default(7),
    notificationsEnabled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("memory_settings_user_id_key").on(table.userId)],
);
