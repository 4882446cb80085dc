import { describe, expect, it } from 'vitest';
import {
  durationText,
  heatHistory,
  historyFacts,
  historyMarkers,
  historyResolution,
  ratesOver,
  resolutionLabel,
  thinForChart,
  type HistoryPoint,
} from './story-history.ts';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const posted = Date.parse('2026-11-18T00:00:00Z');
const at = (minutes: number, score: number, comments: number, rank: number | null): HistoryPoint => ({ timeMs: posted + minutes * MINUTE, score, comments, rank });

describe('historyMarkers', () => {
  it('marks each entry to and exit from the top 30, and the first time the best rank was reached', () => {
    const points = [at(0, 1, 0, null), at(10, 5, 0, 31), at(20, 9, 1, 30), at(30, 20, 2, 2), at(40, 25, 3, 2), at(50, 30, 3, null), at(60, 31, 3, 29)];
    expect(historyMarkers(points).map((m) => [m.kind, (m.timeMs - posted) / MINUTE, m.rank])).toEqual([
      ['entered', 20, 30],
      ['peak', 30, 2],
      ['left', 50, null],
      ['entered', 60, 29],
    ]);
  });

  it('gives a story never ranked no markers', () => {
    expect(historyMarkers([at(0, 1, 0, null)])).toEqual([]);
  });
});

describe('ratesOver', () => {
  it('measures growth over the trailing two hours, from submission before then, over at least half an hour', () => {
    const rates = ratesOver([at(10, 10, 2, null), at(120, 100, 20, null), at(240, 200, 20, null)], posted);
    expect(rates[0]).toEqual({ pointsPerHour: 20, commentsPerHour: 4 }); // 10 points in 10 minutes reads over 30
    expect(rates[1]).toEqual({ pointsPerHour: 50, commentsPerHour: 10 });
    expect(rates[2]).toEqual({ pointsPerHour: 50, commentsPerHour: 0 }); // since minute 120
  });
});

describe('heatHistory', () => {
  it('lists the changes of the badge the card would have shown', () => {
    const points = [at(10, 5, 0, null), at(60, 60, 0, null), at(800, 60, 0, null)];
    const changes = heatHistory(points, ratesOver(points, posted), posted / 1000);
    expect(changes.map((c) => [c.level, (c.timeMs - posted) / MINUTE])).toEqual([
      ['rising', 60], // 60 points an hour with 60 points
      [null, 800], // no growth over the last two hours, and past the 12 hours a high score counts alone
    ]);
  });
});

describe('historyFacts', () => {
  const points = [at(30, 5, 1, null), at(60, 40, 8, 20), at(90, 80, 16, 4), at(150, 90, 20, 50)];

  it('derives time to the front page, the peak, minutes on it and the rates at the peak', () => {
    const facts = historyFacts(points, posted / 1000, null);
    expect(facts).toMatchObject({ firstSeenMs: posted + 30 * MINUTE, minutesToFrontPage: 60, peak: { rank: 4, timeMs: posted + 90 * MINUTE }, minutesOnFrontPage: 90 });
    expect(facts.atPeak).toEqual({ pointsPerHour: 80 / 1.5, commentsPerHour: 16 / 1.5 });
  });

  it('runs the last stay on to now only while the story is still there', () => {
    const onNow = [at(30, 5, 1, 10)];
    expect(historyFacts(onNow, posted / 1000, posted + 100 * MINUTE).minutesOnFrontPage).toBe(70);
    expect(historyFacts(onNow, posted / 1000, null).minutesOnFrontPage).toBe(0);
  });

  it('has no front-page facts for a story never there', () => {
    expect(historyFacts([at(5, 1, 0, 200)], posted / 1000, null)).toMatchObject({ minutesToFrontPage: null, minutesOnFrontPage: 0, peak: { rank: 200 } });
    expect(historyFacts([], posted / 1000, null)).toMatchObject({ firstSeenMs: null, peak: null, atPeak: null, heat: [] });
  });
});

describe('thinForChart', () => {
  it('keeps everything under the bound', () => {
    const points = [at(0, 1, 0, null), at(1, 2, 0, 5)];
    expect(thinForChart(points, historyMarkers(points), 10)).toEqual({ points, sliceMinutes: null });
  });

  it("keeps each slice's last point and the markers' points, in order", () => {
    const points = Array.from({ length: 1000 }, (_, i) => at(i, i, 0, i === 333 ? 1 : 40));
    const markers = historyMarkers(points);
    const { points: kept, sliceMinutes } = thinForChart(points, markers, 100);
    expect(sliceMinutes).toBe(11);
    expect(kept.length).toBeLessThanOrEqual(100 + markers.length);
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points.at(-1));
    expect(kept).toContain(points[333]);
    expect(kept.map((p) => p.timeMs)).toEqual([...kept.map((p) => p.timeMs)].sort((a, b) => a - b));
  });
});

describe('historyResolution and resolutionLabel', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');

  it('says every change when nothing of the story is older than the retention, or thinning is off', () => {
    expect(resolutionLabel(historyResolution(now - 2 * DAY, now, 7, 90, null))).toBe('Every change, minute by minute.');
    expect(resolutionLabel(historyResolution(now - 400 * DAY, now, null, 90, null))).toBe('Every change, minute by minute.');
  });

  it('names the dates where the hourly and daily thinning start, and the chart slice', () => {
    expect(resolutionLabel(historyResolution(now - 30 * DAY, now, 7, 90, null))).toBe('Every change, minute by minute, since Nov 22, 2026 (UTC); one an hour before.');
    expect(resolutionLabel(historyResolution(now - 200 * DAY, now, 7, 90, 60))).toBe(
      'Every change, minute by minute, since Nov 22, 2026 (UTC); one an hour before, one a day before Aug 31, 2026. Drawn as the last snapshot of every hour.',
    );
  });

  it('has no hourly stage when the retention is past the hourly days', () => {
    expect(historyResolution(now - 200 * DAY, now, 120, 90, null)).toMatchObject({ hourlyBeforeMs: null, dailyBeforeMs: now - 120 * DAY });
  });
});

describe('durationText', () => {
  it('reads minutes, hours and days', () => {
    expect([durationText(45), durationText(60), durationText(200), durationText(1440), durationText(1500)]).toEqual(['45 min', '1 h', '3 h 20 min', '1 d', '1 d 1 h']);
  });
});
