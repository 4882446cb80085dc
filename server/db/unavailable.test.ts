import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './index.ts';

/** Builds an error as node-postgres and node report them: a message plus fields. */
function failure(message: string, fields: Record<string, unknown> = {}, cause?: unknown): Error {
  return Object.assign(new Error(message, { cause }), fields);
}

describe('isDatabaseUnavailable', () => {
  it('knows a database that went away or refuses connections', () => {
    expect(isDatabaseUnavailable(failure('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(failure('connect ENOENT /data/run/.s.PGSQL.5432', { code: 'ENOENT' }))).toBe(true);
    expect(isDatabaseUnavailable(failure('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(failure('database "app" is not currently accepting connections', { code: '55000', severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(failure('Connection terminated unexpectedly'))).toBe(true);
    // Drizzle wraps the driver's error; connecting to a name with two addresses fails with both.
    expect(isDatabaseUnavailable(failure('Failed query: select 1', {}, failure('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([failure('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })]))).toBe(true);
    // A timeout is the database not answering for now, too.
    expect(isDatabaseUnavailable(failure('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves faults of the statement or the code alone', () => {
    expect(isDatabaseUnavailable(failure('duplicate key value violates unique constraint', { code: '23505', severity: 'ERROR' }))).toBe(false);
    // The same code as a statement's error (not at connection start) is a statement's fault.
    expect(isDatabaseUnavailable(failure('cannot do that now', { code: '55000', severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated unexpectedly')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
