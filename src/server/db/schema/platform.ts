import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  numeric,
} from 'drizzle-orm/pg-core';
import { createdAt, money, users } from './accounts';
import { notificationType } from './enums';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    linkUrl: varchar('link_url', { length: 300 }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    /** How many events this one row stands for: new messages in one thread are coalesced while unread (issue 7). */
    coalescedCount: integer('coalesced_count').notNull().default(1),
    /** When the e-mail about it was decided (sent or skipped), for the jobs that e-mail later: a rerun sends nothing. */
    emailHandledAt: timestamp('email_handled_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId, t.isRead),
    // At most one unread new-message notification per user and thread: the upsert that coalesces them targets this.
    uniqueIndex('notifications_unread_message_uq')
      .on(t.userId, t.linkUrl)
      .where(sql`type = 'new_message' AND is_read = false`),
    // The new-request e-mail job finds the notifications of one fan-out it has not e-mailed yet.
    index('notifications_new_request_unmailed_idx')
      .on(t.linkUrl)
      .where(sql`type = 'new_request' AND email_handled_at IS NULL`),
  ],
);

/** E-mail kinds a user turned off (issue 7); no row means the e-mail is on. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export interface EmailTemplate {
  subject: string;
  body: string;
}

/** A single row (id = 1) of admin-editable settings (spec 3 + RULES.md 1). */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey().default(1),
  commissionPercentage: numeric('commission_percentage', { precision: 5, scale: 2 }).notNull().default('10'),
  minimumPlatformFee: money('minimum_platform_fee').notNull().default('50'),
  defaultDeposit: money('default_deposit').notNull().default('250'),
  matchWindowMinutes: integer('match_window_minutes').notNull().default(20),
  priorityHeadStartMinutes: integer('priority_head_start_minutes').notNull().default(5),
  payoutHoldHours: integer('payout_hold_hours').notNull().default(72),
  /** Days a side has to pay its share of a two-sided case's fee, at most (decision 051). */
  shareDueDays: integer('share_due_days').notNull().default(7),
  termsOfService: text('terms_of_service'),
  privacyPolicy: text('privacy_policy'),
  emailTemplates: jsonb('email_templates').$type<Record<string, EmailTemplate>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what with admin power (RULES.md 6). Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    targetType: varchar('target_type', { length: 40 }),
    targetId: varchar('target_id', { length: 64 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The audit list (admin-audit.repo.ts) filters by one of these and pages newest first by this millisecond time and
    // id: an immutable expression (UTC), so that it can be indexed and the pages read in index order.
    index('audit_log_listed_idx').on(sql`date_trunc('milliseconds', (${t.createdAt} AT TIME ZONE 'UTC'))`, t.id),
    index('audit_log_actor_idx').on(t.actorId, sql`date_trunc('milliseconds', (${t.createdAt} AT TIME ZONE 'UTC'))`, t.id),
    index('audit_log_target_idx').on(t.targetId, sql`date_trunc('milliseconds', (${t.createdAt} AT TIME ZONE 'UTC'))`, t.id),
    index('audit_log_action_idx').on(t.action, sql`date_trunc('milliseconds', (${t.createdAt} AT TIME ZONE 'UTC'))`, t.id),
  ],
);

/** The /contact form's submissions, for the admins' Support tab. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: text('message').notNull(),
    handled: boolean('handled').notNull().default(false),
    handledById: uuid('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.handled, t.createdAt)],
);

/**
 * Fixed-window counters for brute-force limits, shared by every instance (DESIGN 8). Unlogged (migration 0010): written
 * at every API request, so its commits do not wait for the disk; a crash empties it, which only restarts the windows.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Transactional outbox (DESIGN 4, docs/decisions/010): side effects that leave the database (e-mail, durable jobs)
 * are written here in the transaction of the change that causes them, and delivered at least once by the relay.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: varchar('topic', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** A relay holding the row until then; another relay takes it over after (a crashed delivery is retried). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.availableAt)
      .where(sql`delivered_at IS NULL`),
  ],
);

/**
 * Who was active when, deduplicated as it is written (docs/decisions/031): one row per user and UTC day on which they
 * did something the admin analytics count as activity (spec 2's "active users": began a session, created or submitted
 * a request, accepted one, sent a message, wrote a review). Kept by deferred triggers on those tables (migration
 * 0008), never by application code. Times are quarter-hours of the UTC day (0–95): every local midnight of every
 * zone in use falls on one, so the first and last quarter tell on which side of a midnight inside the UTC day the user
 * was active; `prevDay`/`prevLastQuarter` repeat the user's previous row, so that a day's and a range's distinct users
 * are counted from single rows without deduplicating at read time.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    day: date('day').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstQuarter: smallint('first_quarter').notNull(),
    lastQuarter: smallint('last_quarter').notNull(),
    prevDay: date('prev_day'),
    prevLastQuarter: smallint('prev_last_quarter'),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('user_activity_days_user_idx').on(t.userId, t.day)],
);
