import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';

/** A clock driven by a fake real-time source, so the tests never sleep. */
function fakeClock(start: number, speed?: number) {
  let realMs = 0;
  const clock = createClock({ start, speed, realNow: () => realMs });
  return { clock, tick: (ms: number) => (realMs += ms) };
}

describe('virtual clock', () => {
  it('starts at start and runs at speed virtual seconds per real second', () => {
    const { clock, tick } = fakeClock(1_000_000, 60);
    expect(clock.now()).toBe(1_000_000);
    tick(1000);
    expect(clock.now()).toBe(1_000_060);
    tick(500);
    expect(clock.now()).toBe(1_000_090);
  });

  it('defaults to real-time speed and reports whole seconds', () => {
    const { clock, tick } = fakeClock(500);
    expect(clock.speed).toBe(1);
    tick(1999);
    expect(clock.now()).toBe(501);
  });

  it('set and advance move virtual time and it keeps running from there', () => {
    const { clock, tick } = fakeClock(0, 10);
    clock.set(2_000_000);
    expect(clock.now()).toBe(2_000_000);
    clock.advance(3600);
    expect(clock.now()).toBe(2_003_600);
    tick(1000);
    expect(clock.now()).toBe(2_003_610);
    clock.advance(-10);
    expect(clock.now()).toBe(2_003_600);
  });

  it('pause freezes time, resume continues from the same moment', () => {
    const { clock, tick } = fakeClock(100, 2);
    tick(1000);
    clock.pause();
    expect(clock.paused).toBe(true);
    tick(60_000);
    expect(clock.now()).toBe(102);
    clock.set(200); // setting while paused stays paused
    tick(5000);
    expect(clock.now()).toBe(200);
    clock.resume();
    expect(clock.paused).toBe(false);
    expect(clock.now()).toBe(200);
    tick(1000);
    expect(clock.now()).toBe(202);
  });

  it('changing speed keeps the current virtual time', () => {
    const { clock, tick } = fakeClock(0, 1);
    tick(10_000);
    clock.setSpeed(100);
    expect(clock.now()).toBe(10);
    tick(1000);
    expect(clock.now()).toBe(110);
    expect(clock.speed).toBe(100);
  });

  it('rejects nonsense', () => {
    const { clock } = fakeClock(0);
    expect(() => clock.setSpeed(-1)).toThrow(RangeError);
    expect(() => clock.set(Number.NaN)).toThrow(RangeError);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('runs on real time by default', async () => {
    const clock = createClock({ start: 0, speed: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clock.now()).toBeGreaterThanOrEqual(40);
  });
});
