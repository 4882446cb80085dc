import { describe, expect, it } from 'vitest';
import { parseDemoStart } from './demo-start.ts';

describe('DEMO_START', () => {
  it.each([
    ['1614618000', 1614618000],
    [' 1614618000 ', 1614618000],
    ['2021-03-01T17:00:00Z', 1614618000],
    ['2021-03-01T17:00:00', 1614618000],
    ['2021-03-01T18:00:00+01:00', 1614618000],
    ['2021-03-01', 1614556800],
  ])('reads %j as %d', (text, seconds) => {
    expect(parseDemoStart(text)).toBe(seconds);
  });

  it.each(['yesterday', '', '2021-13-45', '16146180OO', '-5'])('refuses %j with a message that shows both forms', (text) => {
    expect(() => parseDemoStart(text)).toThrow(/unix seconds \(1614618000\) or an ISO date/);
  });
});
