import type pg from 'pg';
import { KNOWN_SETTINGS, isSettingOn, normaliseSettingValue, settingValueProblem } from '#common/rules/admin.ts';
import type { SiteListDefaults } from '#common/rules/preferences.ts';
import { RecentReading } from '../../recent-reading.ts';

/**
 * How long a reading of maintenance_mode is trusted: the API's guard runs on every API request, and every page
 * served (the landing page, a story page) asks the status, so each reads the database about once per this period per
 * instance, and a change made on another instance (or in SQL) holds everywhere within it. A change through this
 * instance's admin settings holds at once.
 */
export const MAINTENANCE_READING_MS = 2000;

/** Reads site settings; a missing key means its default. */
export class SettingsService {
  // Admins may store the JSON true or the text 'true' (spec part 2 §3 accepts both for flags).
  private readonly maintenance = new RecentReading(() => this.get<unknown>('maintenance_mode', false).then(isSettingOn), MAINTENANCE_READING_MS);
  private readonly listDefaultsReading = new RecentReading(() => this.readListDefaults(), MAINTENANCE_READING_MS);

  constructor(private readonly pool: pg.Pool) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const result = await this.pool.query<{ value: T }>({ name: 'settings-value', text: 'SELECT value FROM settings WHERE key = $1', values: [key] });
    return result.rows[0]?.value ?? fallback;
  }

  /** As read at most MAINTENANCE_READING_MS ago, else read now. */
  maintenanceMode(): Promise<boolean> {
    return this.maintenance.recent();
  }

  /**
   * The list's defaults for everyone who has not chosen (stories_per_page, min_story_score), read at most
   * MAINTENANCE_READING_MS ago: every signed-in page asks.
   */
  listDefaults(): Promise<SiteListDefaults> {
    return this.listDefaultsReading.recent();
  }

  /** A setting was written: readings kept from before are dropped. */
  changed(): void {
    this.maintenance.forget();
    this.listDefaultsReading.forget();
  }

  /** A value that is not valid for its key (written in SQL) counts as unset. */
  private async readListDefaults(): Promise<SiteListDefaults> {
    const { rows } = await this.pool.query<{ key: string; value: unknown }>({
      name: 'settings-list-defaults',
      text: "SELECT key, value FROM settings WHERE key IN ('stories_per_page', 'min_story_score')",
    });
    const stored = (key: 'stories_per_page' | 'min_story_score'): number => {
      const row = rows.find((candidate) => candidate.key === key);
      if (!row || settingValueProblem(key, row.value) !== null) return KNOWN_SETTINGS[key].default;
      return normaliseSettingValue(key, row.value) as number;
    };
    return { storiesPerPage: stored('stories_per_page'), minStoryScore: stored('min_story_score') };
  }
}
