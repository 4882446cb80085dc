import type { Page } from '@playwright/test';
import { expect, test, withDatabase } from './support.ts';

let seeded = 0;

/** A made-up word of letters only, new to this run (the keyword extraction reads it as a name). */
export function uniqueWord(prefix: string): string {
  const digits = `${process.pid}${Date.now() % 1_000_000}${seeded++}`;
  return `${prefix}${[...digits].map((digit) => String.fromCharCode(97 + Number(digit))).join('')}`;
}

/** Inserts stories posted within the last hours with these titles; returns their ids in the same order. */
export async function seedStories(titles: string[], domain = 'example.com'): Promise<number[]> {
  return withDatabase(async (db) => {
    const ids: number[] = [];
    for (const [index, title] of titles.entries()) {
      const hnId = 1_800_000_000 - process.pid * 1000 - seeded++ * 10 - index;
      const row = await db.query<{ id: number }>(
        `INSERT INTO stories (hn_id, title, url, domain, by, time, score, descendants)
         VALUES ($1, $2, $3, $4, 'e2e', extract(epoch FROM now())::bigint - $5::int * 600, $6, 3) RETURNING id`,
        [hnId, title, `https://${domain}/${hnId}`, domain, index + 1, 50 - index],
      );
      ids.push(row.rows[0]!.id);
    }
    return ids;
  });
}

/** A signed-in call from the page's browser (its session cookie), with the origin the server checks. */
export async function api(page: Page, method: 'POST' | 'DELETE', path: string, data?: object): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.fetch(path, { method, data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
}
