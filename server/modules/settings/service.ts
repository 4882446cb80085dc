import type pg from 'pg';

/** Reads site settings; a missing key means its default. */
export class SettingsService {
  constructor(private readonly pool: pg.Pool) {}

  async get<T>(key: string, fallback: T): Promise<T> {
    const result = await this.pool.query<{ value: T }>('SELECT value FROM settings WHERE key = $1', [key]);
    return result.rows[0]?.value ?? fallback;
  }

  async maintenanceMode(): Promise<boolean> {
    const value = await this.get<unknown>('maintenance_mode', false);
    // Admins may store the JSON true or the text 'true' (spec part 2 §3 accepts both for flags).
    return value === true || value === 'true';
  }
}
