/**
 * Fault injection: rules that make the replay misbehave like a flaky upstream. Each rule picks
 * requests by path and rate; its random draws come from its own seeded generator, so a given
 * seed, rule list and request sequence always fails the same requests.
 */
import { hashUnit, mulberry32 } from './prng.ts';

export type FaultKind = 'latency' | 'error' | 'timeout' | 'truncate' | 'null' | 'poison' | 'oversize';
const KINDS: readonly FaultKind[] = ['latency', 'error', 'timeout', 'truncate', 'null', 'poison', 'oversize'];

/**
 * How a `poison` fault corrupts an answer. On an item: `nul-title` and `lone-surrogate` put a NUL or an unpaired
 * UTF-16 surrogate in the middle of the title, `long-title` and `long-author` make them 100 KB, `bad-url` puts a
 * NUL in the url, `long-url` makes it 100 KB, `huge-score` and `huge-descendants` go above 2^31, `negative-score`
 * and `fractional-score` are -5 and 1.5, `future-time` is ten years ahead, `huge-id` is an id above 2^31.
 * On a list or `updates`, `huge-id` adds an id above 2^31 (the other kinds leave lists alone).
 */
export const POISONS = [
  'nul-title',
  'lone-surrogate',
  'long-title',
  'long-author',
  'bad-url',
  'long-url',
  'huge-score',
  'huge-descendants',
  'negative-score',
  'fractional-score',
  'future-time',
  'huge-id',
] as const;
export type Poison = (typeof POISONS)[number];
/** Larger than PostgreSQL's integer (2^31 - 1). */
export const HUGE_NUMBER = 2 ** 31 + 7;
const HUGE_TEXT_LENGTH = 100_000;
const ERROR_STATUSES = [500, 502, 503] as const;
const DEFAULT_LATENCY_MS = 1000;
/** The answer of 300 MB that once took a client's memory from 0.74 to 1.9 GB. */
const DEFAULT_OVERSIZE_BYTES = 300 * 1024 * 1024;

export interface Fault {
  /**
   * latency: delay the answer by `latencyMs`; error: answer 500/502/503 (`status`, or one of the
   * three at random); timeout: never answer (until the client gives up or the server closes);
   * truncate: 200 with the JSON cut in half; null: an item request answers `null`; poison: the answer corrupted
   * as `poison` says; oversize: 200 with the right answer followed by `bytes` of whitespace (still valid JSON),
   * streamed without a content-length as the client reads it, so the replay never holds it in memory.
   */
  kind: FaultKind;
  /** Share of matching requests affected, 0..1 (default 1). */
  rate?: number;
  /** Only requests whose path contains this substring, or matches this RegExp (default: all). */
  match?: string | RegExp;
  /** Apply at most this many times, then stop (default: no limit). */
  count?: number;
  latencyMs?: number;
  status?: 500 | 502 | 503;
  /** For `poison`: which corruption (required). */
  poison?: Poison;
  /** For `oversize`: the whitespace streamed after the answer (default 300 MB). */
  bytes?: number;
}

/** A fault as reported by `list()` and `GET /_control/state` (JSON-friendly). */
export interface FaultState {
  kind: FaultKind;
  rate: number;
  match?: string;
  matchRegExp?: string;
  /** Applications left, or null when unlimited. */
  remaining: number | null;
  /** How many requests it has affected so far. */
  applied: number;
  latencyMs?: number;
  status?: number;
  poison?: Poison;
  bytes?: number;
}

/** What to do with one request: wait `latencyMs`, then answer normally or as `outcome` says. */
export interface FaultDecision {
  latencyMs: number;
  outcome:
    | { kind: 'error'; status: number }
    | { kind: 'timeout' }
    | { kind: 'truncate' }
    | { kind: 'null' }
    | { kind: 'poison'; poison: Poison }
    | { kind: 'oversize'; bytes: number }
    | null;
}

export interface FaultController {
  /** Replaces all active faults. */
  set(faults: Fault[]): void;
  add(fault: Fault): void;
  clear(): void;
  list(): FaultState[];
  /** Decides the fate of one request (counts and random draws advance). */
  decide(path: string): FaultDecision;
}

interface ActiveFault {
  fault: Fault;
  rate: number;
  remaining: number | null;
  applied: number;
  random: () => number;
}

export function createFaultController(seed: number): FaultController {
  let active: ActiveFault[] = [];

  const add = (fault: Fault): void => {
    const checked = validateFault(fault);
    active.push({
      fault: checked,
      rate: checked.rate ?? 1,
      remaining: checked.count ?? null,
      applied: 0,
      // Seeded by position, so re-installing the same rules replays the same decisions.
      random: mulberry32(Math.floor(hashUnit(seed, active.length, 0xfa17) * 4294967296)),
    });
  };

  return {
    set(faults) {
      faults.forEach(validateFault); // all or nothing
      active = [];
      faults.forEach(add);
    },
    add,
    clear() {
      active = [];
    },
    list: () => active.map(describe),
    decide(path) {
      const decision: FaultDecision = { latencyMs: 0, outcome: null };
      for (const entry of active) {
        const { fault } = entry;
        if (entry.remaining === 0 || !matches(fault, path)) continue;
        if (!appliesTo(fault, path)) continue;
        if (entry.random() >= entry.rate) continue;
        if (fault.kind === 'latency') {
          decision.latencyMs += fault.latencyMs ?? DEFAULT_LATENCY_MS;
        } else if (decision.outcome === null) {
          decision.outcome =
            fault.kind === 'error'
              ? { kind: 'error', status: fault.status ?? ERROR_STATUSES[Math.floor(entry.random() * ERROR_STATUSES.length)]! }
              : fault.kind === 'poison'
                ? { kind: 'poison', poison: fault.poison! }
                : fault.kind === 'oversize'
                  ? { kind: 'oversize', bytes: fault.bytes ?? DEFAULT_OVERSIZE_BYTES }
                  : { kind: fault.kind };
        } else {
          continue; // an earlier rule already decided the answer; this one is not used up
        }
        entry.applied++;
        if (entry.remaining !== null) entry.remaining--;
      }
      return decision;
    },
  };
}

/** `null` and most poisons only make sense on an item; `huge-id` also poisons lists and updates. */
function appliesTo(fault: Fault, path: string): boolean {
  if (fault.kind === 'null' || (fault.kind === 'poison' && fault.poison !== 'huge-id')) return path.includes('/item/');
  return true;
}

/** The answer `value` (an item, a list of ids, or the updates) corrupted as `poison` says. */
export function poisonAnswer(value: unknown, poison: Poison): unknown {
  if (Array.isArray(value)) return poison === 'huge-id' ? [...(value as unknown[]), HUGE_NUMBER] : value;
  if (value === null || typeof value !== 'object') return value;
  const answer = { ...(value as Record<string, unknown>) };
  if ('items' in answer && Array.isArray(answer.items)) {
    if (poison === 'huge-id') answer.items = [...(answer.items as unknown[]), HUGE_NUMBER];
    return answer;
  }
  const title = String(answer.title ?? '');
  const half = Math.floor(title.length / 2);
  switch (poison) {
    case 'nul-title':
      answer.title = `${title.slice(0, half)}\u0000${title.slice(half)}`;
      break;
    case 'lone-surrogate':
      answer.title = `${title.slice(0, half)}\uD800${title.slice(half)}`;
      break;
    case 'long-title':
      answer.title = `${title} ${'x'.repeat(HUGE_TEXT_LENGTH)}`;
      break;
    case 'long-author':
      answer.by = 'a'.repeat(HUGE_TEXT_LENGTH);
      break;
    case 'bad-url':
      answer.url = 'https://example.com/\u0000poisoned';
      break;
    case 'long-url':
      answer.url = `https://example.com/${'a'.repeat(HUGE_TEXT_LENGTH)}`;
      break;
    case 'huge-score':
      answer.score = HUGE_NUMBER;
      break;
    case 'huge-descendants':
      answer.descendants = HUGE_NUMBER;
      break;
    case 'negative-score':
      answer.score = -5;
      break;
    case 'fractional-score':
      answer.score = 1.5;
      break;
    case 'future-time':
      answer.time = Number(answer.time ?? 0) + 10 * 365 * 86_400;
      break;
    case 'huge-id':
      answer.id = HUGE_NUMBER;
      break;
  }
  return answer;
}

function matches(fault: Fault, path: string): boolean {
  if (fault.match === undefined) return true;
  if (typeof fault.match === 'string') return path.includes(fault.match);
  fault.match.lastIndex = 0; // a /g or /y RegExp would otherwise remember its last position
  return fault.match.test(path);
}

function describe(entry: ActiveFault): FaultState {
  const { fault } = entry;
  const state: FaultState = { kind: fault.kind, rate: entry.rate, remaining: entry.remaining, applied: entry.applied };
  if (typeof fault.match === 'string') state.match = fault.match;
  else if (fault.match) state.matchRegExp = fault.match.source;
  if (fault.latencyMs !== undefined) state.latencyMs = fault.latencyMs;
  if (fault.status !== undefined) state.status = fault.status;
  if (fault.poison !== undefined) state.poison = fault.poison;
  if (fault.bytes !== undefined) state.bytes = fault.bytes;
  return state;
}

function validateFault(fault: Fault): Fault {
  if (!fault || typeof fault !== 'object') throw new TypeError('a fault must be an object');
  if (!KINDS.includes(fault.kind)) throw new TypeError(`unknown fault kind ${JSON.stringify(fault.kind)} (expected ${KINDS.join(', ')})`);
  if (fault.rate !== undefined && !(typeof fault.rate === 'number' && fault.rate >= 0 && fault.rate <= 1)) {
    throw new RangeError(`fault rate must be between 0 and 1, got ${fault.rate}`);
  }
  if (fault.count !== undefined && !(Number.isInteger(fault.count) && fault.count >= 0)) {
    throw new RangeError(`fault count must be a whole number >= 0, got ${fault.count}`);
  }
  if (fault.latencyMs !== undefined && !(typeof fault.latencyMs === 'number' && fault.latencyMs >= 0)) {
    throw new RangeError(`latencyMs must be a number >= 0, got ${fault.latencyMs}`);
  }
  if (fault.status !== undefined && !(ERROR_STATUSES as readonly number[]).includes(fault.status)) {
    throw new RangeError(`error status must be 500, 502 or 503, got ${fault.status}`);
  }
  if (fault.kind === 'poison' ? !POISONS.includes(fault.poison!) : fault.poison !== undefined) {
    throw new TypeError(`a poison fault names one of ${POISONS.join(', ')} as poison (and only a poison fault does)`);
  }
  if (fault.kind === 'oversize' ? fault.bytes !== undefined && !(Number.isSafeInteger(fault.bytes) && fault.bytes >= 0) : fault.bytes !== undefined) {
    throw new RangeError('bytes must be a whole number >= 0, and only an oversize fault takes it');
  }
  if (fault.match !== undefined && typeof fault.match !== 'string' && !(fault.match instanceof RegExp)) {
    throw new TypeError('fault match must be a string or a RegExp');
  }
  return fault;
}

/**
 * Reads faults from a JSON body (`POST /_control/faults`): like `Fault`, with `matchRegExp`
 * (a RegExp source string) as the JSON stand-in for a RegExp `match`.
 */
export function faultsFromJson(body: unknown): Fault[] {
  const list = (body as { faults?: unknown } | null)?.faults;
  if (!Array.isArray(list)) throw new TypeError('expected a JSON body {"faults": [...]}');
  return list.map((raw: unknown) => {
    if (!raw || typeof raw !== 'object') throw new TypeError('a fault must be an object');
    const { matchRegExp, ...rest } = raw as Fault & { matchRegExp?: unknown };
    const fault = { ...rest } as Fault;
    if (matchRegExp !== undefined) {
      if (typeof matchRegExp !== 'string') throw new TypeError('matchRegExp must be a string');
      fault.match = new RegExp(matchRegExp);
    }
    return validateFault(fault);
  });
}
