import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { mediationRequests } from './mediation';

/**
 * A user's "Download my data" archive (issue 28, docs/decisions/061): asked for on the profile, built by a durable job
 * into one stored object whose key is this row's id, downloadable by its owner until `expiresAt`, then removed.
 * `status`: pending (the job has not built it yet) | ready | expired. At most one pending per user (the partial
 * unique index): a second click while one is built is refused by the insert itself.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    size: integer('size'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    uniqueIndex('data_exports_one_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * The retention of a closed case's documents (docs/decisions/061): when the parties were told their documents will be
 * purged, when they were, and an admin's hold (who, when) that keeps them. A case gets its row with the notice, or
 * with a hold, whichever comes first.
 */
export const caseRetention = pgTable('case_retention', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => mediationRequests.id, { onDelete: 'cascade' }),
  noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
  purgedAt: timestamp('purged_at', { withTimezone: true }),
  heldAt: timestamp('held_at', { withTimezone: true }),
  heldById: uuid('held_by_id').references(() => users.id, { onDelete: 'set null' }),
});
