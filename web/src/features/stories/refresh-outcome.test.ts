import { describe, expect, it } from 'vitest';
import { refreshOutcome } from './refresh-outcome';

const cycle = (status: string, finishedAt: string | null) => ({ id: 1, status, startedAt: '2026-11-29T08:00:00Z', finishedAt, storiesUpserted: 0 });

describe('refreshOutcome', () => {
  it('is a success only for a cycle that finished without failing', () => {
    expect(refreshOutcome({ refreshed: true, message: 'Stories refreshed.', cycle: cycle('ok', '2026-11-29T08:00:05Z') })).toEqual({ tone: 'success', text: 'Stories refreshed successfully!' });
    expect(refreshOutcome({ refreshed: false, message: 'Stories were refreshed moments ago.', cycle: cycle('partial', '2026-11-29T08:00:05Z') }).tone).toBe('success');
  });

  it("says what happened when the cycle failed, in the server's words", () => {
    const message = 'Refresh failed: Hacker News could not be reached. Showing the stories we have.';
    expect(refreshOutcome({ refreshed: false, message, cycle: cycle('failed', '2026-11-29T08:00:05Z') })).toEqual({ tone: 'error', text: message });
  });

  it('says a refresh is still on its way rather than done', () => {
    const message = 'A refresh has been queued and will finish shortly.';
    expect(refreshOutcome({ refreshed: false, message, cycle: cycle('running', null) })).toEqual({ tone: 'info', text: message });
  });
});
