/**
 * The replay's virtual clock: unix seconds that run `speed` times faster than real time, and can
 * be set, advanced, paused and resumed so tests can pin the exact moment they ask about.
 */
export interface VirtualClock {
  /** Virtual now, whole unix seconds. */
  now(): number;
  /** Jump to virtual time t (unix seconds); the clock keeps running from there unless paused. */
  set(t: number): void;
  /** Move virtual time forward (or back, if negative) by `seconds`. */
  advance(seconds: number): void;
  /** Virtual seconds per real second. */
  readonly speed: number;
  setSpeed(speed: number): void;
  readonly paused: boolean;
  pause(): void;
  resume(): void;
}

export interface ClockOptions {
  start: number;
  speed?: number;
  paused?: boolean;
  /** Real time source in milliseconds; injectable for tests of the clock itself. */
  realNow?: () => number;
}

export function createClock(options: ClockOptions): VirtualClock {
  const realNow = options.realNow ?? (() => performance.now());
  let speed = validSpeed(options.speed ?? 1);
  let paused = options.paused ?? false;
  // Virtual time = anchorVirtual + (real ms since anchorReal) * speed, re-anchored on every change.
  let anchorVirtual = options.start;
  let anchorReal = realNow();

  const exactNow = (): number => (paused ? anchorVirtual : anchorVirtual + ((realNow() - anchorReal) / 1000) * speed);
  const reanchor = (virtual: number): void => {
    anchorVirtual = virtual;
    anchorReal = realNow();
  };

  return {
    now: () => Math.floor(exactNow()),
    set(t) {
      if (!Number.isFinite(t)) throw new RangeError(`clock.set: not a time: ${t}`);
      reanchor(t);
    },
    advance(seconds) {
      if (!Number.isFinite(seconds)) throw new RangeError(`clock.advance: not a number: ${seconds}`);
      reanchor(exactNow() + seconds);
    },
    get speed() {
      return speed;
    },
    setSpeed(next) {
      reanchor(exactNow());
      speed = validSpeed(next);
    },
    get paused() {
      return paused;
    },
    pause() {
      if (!paused) reanchor(exactNow());
      paused = true;
    },
    resume() {
      if (paused) reanchor(anchorVirtual);
      paused = false;
    },
  };
}

function validSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed < 0) throw new RangeError(`clock speed must be a number >= 0, got ${speed}`);
  return speed;
}
