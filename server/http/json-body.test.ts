import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-body.ts';

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":"\\"[[[[["}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('[1,[2],[3],[4]]', 2)).toBe(false);
  });

  it('finds the depth of a body far deeper than the stack would survive', () => {
    expect(jsonNestsDeeperThan('['.repeat(100_000), 32)).toBe(true);
  });
});
