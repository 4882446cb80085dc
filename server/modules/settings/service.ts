import type pg from 'pg';
import { KNOWN_SETTINGS, isSettingOn, normaliseSettingValue, settingValueProblem } from '../../../common/rules/admin.ts';
import type { SiteListDefaults } from '../../../common/rules/preferences.ts';

/**
 * How long the API's maintenance guard trusts a reading of maintenance_mode: the guard runs on every API request,
 * so it reads the database about once per this period per instance, and a change made on another instance (or in
 * SQL) holds everywhere within it. A change through this instance's admin settings holds at once.
 */
export const MAINTENANCE_READING_MS = 2000;

/** Reads site settings; a missing key means its default. */
export class SettingsService {
  private maintenanceReading: { value: Promise<boolean>; readAt: number } | null = null;
  private listDefaultsReading: { value: Promise<SiteListDefaults>; readAt: number } | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const result = await this.pool.query<{ value: T }>({ name: 'settings-value', text: 'SELECT value FROM settings WHERE key = $1', values: [key] });
    return result.rows[0]?.value ?? fallback;
  }

  /** Read now (the status the web app polls, the pages); the reading is kept for `recentMaintenanceMode`. */
  maintenanceMode(): Promise<boolean> {
    // Admins may store the JSON true or the text 'true' (spec part 2 §3 accepts both for flags).
    const value = this.get<unknown>('maintenance_mode', false).then(isSettingOn);
    const reading = { value, readAt: performance.now() };
    this.maintenanceReading = reading;
    // A failed read is not kept: the next request reads again.
    value.catch(() => {
      if (this.maintenanceReading === reading) this.maintenanceReading = null;
    });
    return value;
  }

  /** As read at most MAINTENANCE_READING_MS ago (real time, whatever the product's clock), else read now. */
  recentMaintenanceMode(): Promise<boolean> {
    const reading = this.maintenanceReading;
    return reading && performance.now() - reading.readAt < MAINTENANCE_READING_MS ? reading.value : this.maintenanceMode();
  }

  /**
   * The list's defaults for everyone who has not chosen (stories_per_page, min_story_score), read at most
   * MAINTENANCE_READING_MS ago: every signed-in page asks. A value that is not valid for its key (written in SQL)
   * counts as unset.
   */
  listDefaults(): Promise<SiteListDefaults> {
    const reading = this.listDefaultsReading;
    if (reading && performance.now() - reading.readAt < MAINTENANCE_READING_MS) return reading.value;
    const value = this.pool
      .query<{ key: string; value: unknown }>({
        name: 'settings-list-defaults',
        text: "SELECT key, value FROM settings WHERE key IN ('stories_per_page', 'min_story_score')",
      })
      .then(({ rows }) => {
        const stored = (key: 'stories_per_page' | 'min_story_score'): number => {
          const row = rows.find((candidate) => candidate.key === key);
          if (!row || settingValueProblem(key, row.value) !== null) return KNOWN_SETTINGS[key].default;
          return normaliseSettingValue(key, row.value) as number;
        };
        return { storiesPerPage: stored('stories_per_page'), minStoryScore: stored('min_story_score') };
      });
    const next = { value, readAt: performance.now() };
    this.listDefaultsReading = next;
    value.catch(() => {
      if (this.listDefaultsReading === next) this.listDefaultsReading = null;
    });
    return value;
  }

  /** A setting was written: readings kept from before are dropped. */
  changed(): void {
    this.maintenanceReading = null;
    this.listDefaultsReading = null;
  }
}
