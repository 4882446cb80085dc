import { describe, expect, it } from 'vitest';
import { chooseSplit, monthOf, partOf } from './split.ts';

const at = (iso: string): number => Date.parse(iso) / 1000;

describe('the time-ordered split', () => {
  const times = ['2021-01-15', '2021-02-03', '2021-03-30', '2021-04-01', '2021-05-31T23:59:59Z', '2021-02-10'].map((day) =>
    at(day.includes('T') ? day : `${day}T12:00:00Z`),
  );

  it('reads months in UTC', () => {
    expect(monthOf(at('2021-05-31T23:59:59Z'))).toBe('2021-05');
    expect(monthOf(at('2021-06-01T00:00:00Z'))).toBe('2021-06');
  });

  it('tests on the last months, calibrates on the months before, trains on the rest', () => {
    const split = chooseSplit(times, 2, 1);
    expect(split).toEqual({ calibrationFrom: '2021-03', testFrom: '2021-05' });
    expect(times.map((time) => partOf(time, split))).toEqual(['train', 'train', 'calibration', 'calibration', 'test', 'train']);
  });

  it('puts every training time before every calibration time, and those before every test time', () => {
    const split = chooseSplit(times, 2, 1);
    const latest = (part: string) => Math.max(...times.filter((time) => partOf(time, split) === part));
    const earliest = (part: string) => Math.min(...times.filter((time) => partOf(time, split) === part));
    expect(latest('train')).toBeLessThan(earliest('calibration'));
    expect(latest('calibration')).toBeLessThan(earliest('test'));
  });

  it('refuses a recording too short to leave months for training', () => {
    expect(() => chooseSplit(times, 3, 2)).toThrow(/at least 6 months/);
  });
});
