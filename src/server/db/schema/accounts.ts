import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, numeric, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { subscriptionTier, userRole, userStatus } from './enums';

const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Spec 3 "session": sid, sess (json), expire. `sess` holds { userId, createdAt, impersonatorId? }. */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: json('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: true }).notNull(),
  },
  (t) => [index('session_expire_idx').on(t.expire), index('session_user_idx').on(sql`((${t.sess}->>'userId'))`)],
);
/**
 * Why a session the server ended (not a sign-out) ended, by the same id as `session.sid` (the token's hash), so that
 * the next request bearing its cookie can say so in its 401 (docs/decisions/038). `userId` is whose browser it was
 * (the admin while impersonating); a user suspended since then is told that instead. Kept 30 days, the longest a
 * session cookie lives.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** suspended | password_changed | expired | ended (common/domain/session-end.ts) */
    reason: varchar('reason', { length: 20 }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ended_sessions_ended_at_idx').on(t.endedAt), index('ended_sessions_user_idx').on(t.userId)],
);

export interface SessionData {
  userId: string;
  /** ISO time the session began: the absolute expiry counts from here. */
  createdAt: string;
  /** Set while an admin acts as another user (RULES.md 6). */
  impersonatorId?: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    password: text('password').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    profileImageUrl: text('profile_image_url'),
    role: userRole('role'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    status: userStatus('status').notNull().default('pending'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** SHA-256 of the e-mailed token, never the token itself. */
    verificationToken: varchar('verification_token', { length: 64 }),
    verificationTokenExpiresAt: timestamp('verification_token_expires_at', { withTimezone: true }),
    /** Set when a user with history is deleted: the row stays for the money trail, the person is gone. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** The IANA zone dates are shown in (issue 25): the browser's at first, changeable in the profile. */
    timeZone: varchar('time_zone', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_role_idx').on(t.role),
    index('users_created_idx').on(t.createdAt),
    // The admin searches (ILIKE '%term%' on the full name and the e-mail) read these through trigrams (pg_trgm); the
    // name is indexed as the very expression the queries test.
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

export const lawyerProfiles = pgTable('lawyer_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  firmName: varchar('firm_name', { length: 200 }),
  barNumber: varchar('bar_number', { length: 60 }),
  practiceArea: varchar('practice_area', { length: 200 }),
  jurisdiction: varchar('jurisdiction', { length: 120 }).notNull(),
  phoneNumber: varchar('phone_number', { length: 40 }),
  bio: text('bio'),
  /** Lawyers are reviewed by their mediators too (RULES.md 6). */
  rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
  reviewCount: integer('review_count').notNull().default(0),
  createdAt: createdAt(),
});

export const mediatorProfiles = pgTable(
  'mediator_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specializations: text('specializations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience'),
    hourlyRate: money('hourly_rate').notNull(),
    bio: text('bio'),
    jurisdiction: varchar('jurisdiction', { length: 120 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 40 }),
    websiteUrl: varchar('website_url', { length: 300 }),
    photoUrl: text('photo_url'),
    mediationTraining: text('mediation_training')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languagesSpoken: text('languages_spoken')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    totalMediationsCompleted: integer('total_mediations_completed').notNull().default(0),
    subscriptionTier: subscriptionTier('subscription_tier').notNull().default('free'),
    subscriptionStartDate: timestamp('subscription_start_date', { withTimezone: true }),
    // The spec's monthlyMediationCount is derived on read from this month's acceptances (RULES.md 5), never stored:
    // a stored copy went stale (docs/decisions/011).
    /** The payment provider's payout account for this mediator (created on demand). */
    payoutAccountId: varchar('payout_account_id', { length: 120 }),
    createdAt: createdAt(),
  },
  (t) => [index('mediator_profiles_jurisdiction_idx').on(sql`lower(${t.jurisdiction})`)],
);

export { money, createdAt };
