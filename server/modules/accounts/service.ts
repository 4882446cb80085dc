import { asc, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  preferencesSchema,
  type onboardingSchema,
  type Preferences,
  type profileUpdateSchema,
} from '../../../common/contracts/accounts.ts';
import type { Db } from '../../db/index.ts';
import { accounts, sessions, userPreferences, users } from '../../db/schema/accounts.ts';
import { bookmarks, contentFlags, sharedLinks, storyNotes, storyWatches } from '../../db/schema/actions.ts';
import { stories } from '../../db/schema/stories.ts';
import type { EmailControlsService } from '../email/controls.ts';
import { presentCurrentUser, presentProfile } from './presenter.ts';

export class NotFoundError extends Error {
  readonly statusCode = 404;
}

/** Preferences, onboarding, profiles and a person's own data. */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly emailControls: EmailControlsService,
  ) {}

  async preferences(userId: string): Promise<Preferences> {
    const [row] = await this.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    // Stored documents are merged over today's defaults, so a preference added later has a value.
    const merged = preferencesSchema.safeParse({ ...DEFAULT_PREFERENCES, ...(row?.preferences as object | undefined) });
    return merged.success ? merged.data : DEFAULT_PREFERENCES;
  }

  async updatePreferences(userId: string, patch: Partial<Preferences>): Promise<Preferences> {
    const next = { ...(await this.preferences(userId)), ...patch };
    await this.db
      .insert(userPreferences)
      .values({ userId, preferences: next })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { preferences: next, updatedAt: new Date() } });
    return next;
  }

  async completeOnboarding(userId: string, choices: z.infer<typeof onboardingSchema>) {
    await this.updatePreferences(userId, { emailNotifications: choices.emailNotifications, weeklyDigest: choices.weeklyDigest });
    await this.emailControls.setAll(userId, { frequency: choices.emailFrequency, timezone: choices.timezone });
    const [user] = await this.db
      .update(users)
      .set({
        onboardingCompleted: true,
        marketingConsent: choices.marketingConsent,
        analyticsConsent: choices.analyticsConsent,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new NotFoundError('Account not found');
    return presentCurrentUser(user);
  }

  /** By id or handle. A private profile is shown only to its owner and to admins; to others it does not exist. */
  async profile(identifier: string, viewer: { id: string | null; isAdmin: boolean }) {
    const [user] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.id, identifier), eq(users.handle, identifier.toLowerCase())))
      .limit(1);
    const isOwner = user !== undefined && user.id === viewer.id;
    if (!user || (!user.isPublic && !isOwner && !viewer.isAdmin)) throw new NotFoundError('Profile not found');
    return presentProfile(user, { isOwner, isAdmin: viewer.isAdmin });
  }

  async updateProfile(userId: string, changes: z.infer<typeof profileUpdateSchema>) {
    const [user] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new NotFoundError('Account not found');
    return presentProfile(user, { isOwner: true, isAdmin: false });
  }

  /** Everything stored about a person, for download. Secrets (password hashes, tokens) are left out. */
  async exportData(userId: string) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new NotFoundError('Account not found');
    const signIns = await this.db
      .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const activeSessions = await this.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return {
      exportedAt: new Date().toISOString(),
      account: {
        ...presentProfile(user, { isOwner: true, isAdmin: false }),
        role: user.role,
        emailVerified: user.emailVerified,
        onboardingCompleted: user.onboardingCompleted,
        marketingConsent: user.marketingConsent,
        analyticsConsent: user.analyticsConsent,
        updatedAt: user.updatedAt.toISOString(),
      },
      signInMethods: signIns.map((row) => ({ provider: row.providerId, linkedAt: row.createdAt.toISOString() })),
      sessions: activeSessions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() })),
      preferences: await this.preferences(userId),
      emailFrequencyControls: await this.emailControls.list(userId),
      ...(await this.storyActions(userId)),
    };
  }

  /** The person's bookmarks, watches, notes, flags and share links, each with the story's Hacker News id and title. */
  private async storyActions(userId: string) {
    const story = { storyId: stories.id, hnId: stories.hnId, title: stories.title };
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    const [bookmarkRows, watchRows, noteRows, flagRows, linkRows] = await Promise.all([
      this.db.select({ ...story, createdAt: bookmarks.createdAt }).from(bookmarks).innerJoin(stories, eq(stories.id, bookmarks.storyId)).where(eq(bookmarks.userId, userId)).orderBy(asc(bookmarks.id)),
      this.db
        .select({ ...story, initialScore: storyWatches.initialScore, initialDescendants: storyWatches.initialDescendants, initialStatus: storyWatches.initialStatus, lastStatus: storyWatches.lastStatus, createdAt: storyWatches.createdAt })
        .from(storyWatches)
        .innerJoin(stories, eq(stories.id, storyWatches.storyId))
        .where(eq(storyWatches.userId, userId))
        .orderBy(asc(storyWatches.id)),
      this.db.select({ ...story, note: storyNotes.note, createdAt: storyNotes.createdAt, updatedAt: storyNotes.updatedAt }).from(storyNotes).innerJoin(stories, eq(stories.id, storyNotes.storyId)).where(eq(storyNotes.userId, userId)).orderBy(asc(storyNotes.id)),
      this.db
        .select({ ...story, flagType: contentFlags.flagType, reason: contentFlags.reason, status: contentFlags.status, createdAt: contentFlags.createdAt })
        .from(contentFlags)
        .innerJoin(stories, eq(stories.id, contentFlags.storyId))
        .where(eq(contentFlags.userId, userId))
        .orderBy(asc(contentFlags.id)),
      this.db
        .select({ ...story, shareToken: sharedLinks.shareToken, customTitle: sharedLinks.customTitle, customDescription: sharedLinks.customDescription, viewCount: sharedLinks.viewCount, articleClicks: sharedLinks.articleClicks, commentsClicks: sharedLinks.commentsClicks, createdAt: sharedLinks.createdAt })
        .from(sharedLinks)
        .innerJoin(stories, eq(stories.id, sharedLinks.storyId))
        .where(eq(sharedLinks.userId, userId))
        .orderBy(asc(sharedLinks.id)),
    ]);
    return {
      bookmarks: bookmarkRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      storyWatches: watchRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      notes: noteRows.map((row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
      contentFlags: flagRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      sharedLinks: linkRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    };
  }

  /** Deletes the account; every row that belongs to it goes with it (foreign keys cascade). */
  async deleteAccount(userId: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, userId));
  }
}
