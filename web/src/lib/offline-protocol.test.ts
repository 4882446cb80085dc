// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { describeWrite, isQueueableWrite } from './offline-protocol';
import { ageText, getOfflineStatus, noteAnswer, notePageData } from './offline-status';

describe('the writes the service worker queues offline', () => {
  it('queues bookmark, watch, note, hide and mute changes', () => {
    const queued = [
      ['POST', '/api/bookmarks'],
      ['DELETE', '/api/bookmarks/12'],
      ['POST', '/api/story-watches'],
      ['DELETE', '/api/story-watches/12'],
      ['POST', '/api/stories/12/notes'],
      ['PUT', '/api/stories/12/notes'],
      ['DELETE', '/api/stories/12/notes'],
      ['POST', '/api/user/mutes'],
      ['DELETE', '/api/user/mutes/3'],
    ];
    for (const [method, path] of queued) expect(isQueueableWrite(method!, path!), `${method} ${path}`).toBe(true);
  });

  it('never queues reads, other writes, nor the admin area', () => {
    const passed = [
      ['GET', '/api/bookmarks'],
      ['POST', '/api/bookmarks/check-batch'],
      ['POST', '/api/content-flags'],
      ['PATCH', '/api/user/preferences'],
      ['DELETE', '/api/user'],
      ['POST', '/api/auth/sign-in/email'],
      ['DELETE', '/api/admin/content-flags/1'],
      ['POST', '/api/bookmarks/../admin'],
    ];
    for (const [method, path] of passed) expect(isQueueableWrite(method!, path!), `${method} ${path}`).toBe(false);
  });

  it('names each change for the report of how it went', () => {
    expect(describeWrite('POST', '/api/bookmarks')).toBe('Bookmark a story');
    expect(describeWrite('DELETE', '/api/bookmarks/12')).toBe('Remove bookmark (story 12)');
    expect(describeWrite('DELETE', '/api/story-watches/7')).toBe('Stop watching (story 7)');
    expect(describeWrite('PUT', '/api/stories/5/notes')).toBe('Save note (story 5)');
    expect(describeWrite('POST', '/api/user/mutes')).toBe('Hide or mute');
  });
});

describe('the offline line', () => {
  it('says how old the data is', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(ageText(now - 20_000, now)).toBe('just now');
    expect(ageText(now - 60_000, now)).toBe('1 minute ago');
    expect(ageText(now - 45 * 60_000, now)).toBe('45 minutes ago');
    expect(ageText(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(ageText(now - 49 * 3_600_000, now)).toBe('2 days ago');
  });

  it('keeps the oldest cached answer since the last fresh one, and forgets it on a fresh answer', () => {
    noteAnswer(String(2_000));
    noteAnswer(String(1_000));
    noteAnswer(String(3_000));
    expect(getOfflineStatus().savedAt).toBe(1_000);
    noteAnswer(null);
    expect(getOfflineStatus().savedAt).toBeNull();
  });

  it('dates a page rendered with data older than five minutes (one the worker kept), not one just rendered', () => {
    notePageData([Date.now() - 1_000, Date.now() - 2_000]);
    expect(getOfflineStatus().savedAt).toBeNull();
    const old = Date.now() - 10 * 60_000;
    notePageData([old - 5_000, old]);
    expect(getOfflineStatus().savedAt).toBe(old);
    noteAnswer(null);
  });
});
