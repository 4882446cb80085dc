import { describe, expect, it } from 'vitest';
import { parseIsoTime } from './iso-time';

describe('parseIsoTime', () => {
  it('reads an ISO time as Date.parse does', () => {
    for (let ms = Date.UTC(2026, 10, 28, 22); ms < Date.UTC(2026, 11, 1, 2); ms += 997_003) {
      const text = new Date(ms).toISOString();
      expect(parseIsoTime(text), text).toBe(ms);
    }
    for (const text of ['1970-01-01T00:00:00.000Z', '2026-02-28T23:59:59.999Z', '2024-02-29T12:00:00.000Z', '2026-11-30T14:05:00Z', '2026-11-30T14:05:00.000+01:00', '2026-11-30T24:05:00.000Z', '2026-11-30T14:65:00.000Z', '2026-13-30T14:05:00.000Z', '2026-11-30T1a:05:00.000Z', 'not a time at all, no.', '']) {
      expect(parseIsoTime(text), text).toEqual(Date.parse(text));
    }
  });
});
