import type pg from 'pg';
import { isSettingOn } from '../../../common/rules/admin.ts';

/** Reads site settings; a missing key means its default. */
export class SettingsService {
  constructor(private readonly pool: pg.Pool) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const result = await this.pool.query<{ value: T }>({ name: 'settings-value', text: 'SELECT value FROM settings WHERE key = $1', values: [key] });
    return result.rows[0]?.value ?? fallback;
  }

  async maintenanceMode(): Promise<boolean> {
    // Admins may store the JSON true or the text 'true' (spec part 2 §3 accepts both for flags).
    return isSettingOn(await this.get<unknown>('maintenance_mode', false));
  }
}
