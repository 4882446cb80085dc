import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { IngestionEvents } from './events.ts';

const stored = { pool: {} as pg.Pool, storyIds: [1, 2], nowMs: 1_000 };

describe('ingestion events', () => {
  it('runs stored-stories listeners one after another, in the order they subscribed, with the event', async () => {
    const events = new IngestionEvents();
    const calls: string[] = [];
    events.onStoriesStored('first', async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(`first ${event.storyIds.join(',')}`);
    });
    events.onStoriesStored('second', async (event) => {
      calls.push(`second ${event.nowMs}`);
    });
    const outcomes = await events.storiesStored(stored);
    expect(calls).toEqual(['first 1,2', 'second 1000']);
    expect(outcomes.map((outcome) => outcome.name)).toEqual(['first', 'second']);
    expect(outcomes.every((outcome) => outcome.error === undefined && outcome.ms >= 0)).toBe(true);
  });

  it("a listener that fails is reported with its error, and the listeners after it still run", async () => {
    const events = new IngestionEvents();
    const calls: string[] = [];
    events.onStoriesStored('broken', async () => {
      throw new Error('index unavailable');
    });
    events.onStoriesStored('after', async () => {
      calls.push('after');
    });
    const outcomes = await events.storiesStored(stored);
    expect(calls).toEqual(['after']);
    expect(outcomes[0]).toMatchObject({ name: 'broken' });
    expect((outcomes[0]!.error as Error).message).toBe('index unavailable');
    expect(outcomes[1]!.error).toBeUndefined();
  });

  it('tells every cycle-finished listener even when one throws, and names the one that did', () => {
    const events = new IngestionEvents();
    const calls: string[] = [];
    events.onCycleFinished('a', () => calls.push('a'));
    events.onCycleFinished('b', () => {
      throw new Error('cache gone');
    });
    events.onCycleFinished('c', () => calls.push('c'));
    const failed = events.cycleFinished();
    expect(calls).toEqual(['a', 'c']);
    expect(failed.map((outcome) => outcome.name)).toEqual(['b']);
  });
});
