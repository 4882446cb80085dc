import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  preferencesSchema,
  type onboardingSchema,
  type Preferences,
  type profileUpdateSchema,
} from '../../../common/contracts/accounts.ts';
import type { Db } from '../../db/index.ts';
import { userPreferences, users } from '../../db/schema/accounts.ts';
import type { EmailControlsService } from '../email/controls.ts';
import { erasePersonalData, exportPersonalData } from './personal-data.ts';
import { presentCurrentUser, presentProfile } from './presenter.ts';

export class NotFoundError extends Error {
  readonly statusCode = 404;
}

/** Preferences, onboarding, profiles and a person's own data. */
export class AccountsService {
  /** Prepared once: the signed-in home reads a person's preferences on every page. */
  private readonly preferencesRow;

  constructor(
    private readonly db: Db,
    private readonly emailControls: EmailControlsService,
  ) {
    this.preferencesRow = db
      .select({ preferences: userPreferences.preferences })
      .from(userPreferences)
      .where(eq(userPreferences.userId, sql.placeholder('userId')))
      .prepare('user-preferences');
  }

  async preferences(userId: string): Promise<Preferences> {
    const [row] = await this.preferencesRow.execute({ userId });
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

  /**
   * Everything stored about a person, for download: one key per personal column declared in personal-data.ts.
   * Secrets (password hashes, session and OAuth tokens, reset tokens) are left out.
   */
  async exportData(userId: string) {
    const data = await exportPersonalData({ db: this.db, preferences: (id) => this.preferences(id), emailControls: this.emailControls }, userId);
    if (!data.account) throw new NotFoundError('Account not found');
    return { exportedAt: new Date().toISOString(), ...data };
  }

  /** Deletes the account and every row that refers to it, or detaches the person from rows that are others'. */
  async deleteAccount(userId: string): Promise<void> {
    await erasePersonalData(this.db, userId);
  }
}
