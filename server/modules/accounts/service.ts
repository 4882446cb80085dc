import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  preferencesSchema,
  type onboardingSchema,
  type Preferences,
  type profileUpdateSchema,
} from '#common/contracts/accounts.ts';
import { siteDefaultPreferences } from '#common/rules/preferences.ts';
import type { Db } from '../../db/index.ts';
import { userPreferences, users } from '../../db/schema/accounts.ts';
import type { EmailControlsService } from '../email/controls.ts';
import type { SettingsService } from '../settings/service.ts';
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
    private readonly settings: SettingsService,
  ) {
    this.preferencesRow = db
      .select({ preferences: userPreferences.preferences })
      .from(userPreferences)
      .where(eq(userPreferences.userId, sql.placeholder('userId')))
      .prepare('user-preferences');
  }

  /** The defaults in force: the product's, with the list's two as the site's settings say. */
  async defaultPreferences(): Promise<Preferences> {
    return siteDefaultPreferences(await this.settings.listDefaults());
  }

  async preferences(userId: string): Promise<Preferences> {
    const [[row], defaults] = await Promise.all([this.preferencesRow.execute({ userId }), this.defaultPreferences()]);
    // What a person chose is laid over the defaults in force, so whatever they never chose (a preference added
    // later, or the list's size when only the onboarding answers are stored) follows the site's defaults.
    const merged = preferencesSchema.safeParse({ ...defaults, ...(row?.preferences as object | undefined) });
    return merged.success ? merged.data : defaults;
  }

  /** Stores what the person chose (what was stored before and the patch), never the defaults of the day. */
  async updatePreferences(userId: string, patch: Partial<Preferences>): Promise<Preferences> {
    const [row] = await this.preferencesRow.execute({ userId });
    const chosen = { ...(row?.preferences as Partial<Preferences> | undefined), ...patch };
    await this.db
      .insert(userPreferences)
      .values({ userId, preferences: chosen })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { preferences: chosen, updatedAt: new Date() } });
    // Email held for later of a kind turned off now is not sent.
    await this.emailControls.replan(userId);
    return this.preferences(userId);
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
