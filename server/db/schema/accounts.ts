import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';

/**
 * People. The first six columns are better-auth's; the rest are ours (declared to better-auth as
 * additional fields that clients cannot set through its endpoints).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    role: text('role').notNull().default('user'),
    handle: text('handle').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    twitterHandle: text('twitter_handle'),
    githubHandle: text('github_handle'),
    isPublic: boolean('is_public').notNull().default(true),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    analyticsConsent: boolean('analytics_consent').notNull().default(false),
    /** The person's IANA time zone, from the browser at onboarding; null until known (email follows UTC). */
    timeZone: text('time_zone'),
  },
  (table) => [uniqueIndex('users_handle_idx').on(table.handle), index('users_created_idx').on(table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // The expires index serves the expired-sessions maintenance task.
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_idx').on(table.userId)],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Display and notification preferences, one JSON document per person, validated on write. */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How often each kind of email may be sent to a person (spec part 2 §3). */
export const emailFrequencyControls = pgTable(
  'email_frequency_controls',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailType: text('email_type').notNull(),
    frequency: text('frequency').notNull().default('immediate'),
    maxEmailsPerDay: integer('max_emails_per_day').notNull().default(10),
    digestMode: boolean('digest_mode').notNull().default(false),
    quietHoursStart: smallint('quiet_hours_start'),
    quietHoursEnd: smallint('quiet_hours_end'),
    lastEmailSent: timestamp('last_email_sent', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.emailType] })],
);
