import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardArena } from './card-arena.ts';

const cardsOf = (arena: CardArena, slots: number[]) => slots.map((slot) => arena.text(slot));

describe('CardArena', () => {
  it('keeps each slot’s card as UTF-8 bytes, copied out where asked', () => {
    const arena = new CardArena();
    arena.set(0, '{"title":"Plain"');
    arena.set(2, '{"title":"Emoji 🚀 and שלום"');
    expect(arena.has(0)).toBe(true);
    expect(arena.has(1)).toBe(false);
    expect(arena.length(2)).toBe(Buffer.byteLength('{"title":"Emoji 🚀 and שלום"'));
    const target = Buffer.alloc(arena.length(0) + arena.length(2) + 1);
    let at = arena.copy(2, target, 0);
    target[at++] = 0x2c;
    at = arena.copy(0, target, at);
    expect(at).toBe(target.length);
    expect(target.toString()).toBe('{"title":"Emoji 🚀 and שלום",{"title":"Plain"');
  });

  it('grows past its first room, and a replaced card reads as the new one', () => {
    const arena = new CardArena();
    const long = (n: number) => `card ${n} ${'x'.repeat(1000)}`;
    for (let slot = 0; slot < 500; slot++) arena.set(slot, long(slot));
    arena.set(7, 'seven, again');
    expect(arena.text(7)).toBe('seven, again');
    expect(cardsOf(arena, [0, 499])).toEqual([long(0), long(499)]);
    expect(arena.byteLength).toBeGreaterThanOrEqual(500 * 1000);
  });

  it('compacts once replaced cards take half of it, keeping every live card', () => {
    // Laid out in an order that names some slots twice and leaves some out: each card is still moved once.
    const arena = new CardArena(() => [7, 3, 7, ...Array.from({ length: 50 }, (_, i) => 99 - 2 * i)]);
    const card = (slot: number, version: number) => `${slot}:${version}:${'y'.repeat(4000)}`;
    for (let slot = 0; slot < 100; slot++) arena.set(slot, card(slot, 0));
    // 100 cards rewritten 60 times: 24 MB written, 0.4 MB live, so the arena must have compacted along the way.
    for (let version = 1; version <= 60; version++) for (let slot = 0; slot < 100; slot++) arena.set(slot, card(slot, version));
    expect(arena.byteLength).toBeLessThan(20 * 1024 * 1024);
    for (let slot = 0; slot < 100; slot++) expect(arena.text(slot)).toBe(card(slot, 60));
  });

  it('keeps every card through trims and compactions in any layout, as written last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(30), fc.string({ unit: 'grapheme', maxLength: 40 })), { minLength: 1, maxLength: 200 }),
        fc.array(fc.nat(40), { maxLength: 40 }),
        fc.array(fc.nat(199), { maxLength: 5 }),
        (writes, layout, trimsAfter) => {
          const arena = new CardArena(() => layout);
          const expected = new Map<number, string>();
          writes.forEach(([slot, card], i) => {
            arena.set(slot, card);
            expected.set(slot, card);
            if (trimsAfter.includes(i)) arena.trim();
          });
          arena.trim();
          for (const [slot, card] of expected) expect(arena.text(slot)).toBe(card);
        },
      ),
    );
  });

  it('gives back the room it grew into, keeping every card', () => {
    const arena = new CardArena();
    const card = (slot: number) => `${slot}:${'z'.repeat(900)}`;
    for (let slot = 0; slot < 1000; slot++) arena.set(slot, card(slot));
    arena.set(3, 'three, again');
    arena.trim();
    expect(arena.byteLength).toBeLessThanOrEqual(Math.ceil(1000 * 905 * 1.125));
    expect(arena.text(3)).toBe('three, again');
    for (const slot of [0, 500, 999]) expect(arena.text(slot)).toBe(card(slot));
  });
});

describe('CardArena with seals', () => {
  it('stores each card followed by its seal and a comma, sealed anew when laid out, and copies a run of them at once', () => {
    let age = 'a';
    const seal = (slot: number) => ({ key: slot + age.length * 100, bytes: Buffer.from(`"${age}"}`) });
    const arena = new CardArena(() => [2, 0, 1], seal);
    for (const slot of [0, 1, 2]) arena.set(slot, `{"n":${slot},"t":`);
    expect(arena.sealKey(1)).toBe(101);
    expect(arena.storedLength(1)).toBe(arena.length(1) + '"a"}'.length + 1);
    age = 'bb';
    arena.trim();
    expect([2, 0, 1].map((slot) => arena.sealKey(slot))).toEqual([202, 200, 201]);
    // Laid out as 2, 0, 1: one run from the start of 2's card to the end of 1's.
    expect(arena.start(0)).toBe(arena.start(2) + arena.storedLength(2));
    expect(arena.start(1)).toBe(arena.start(0) + arena.storedLength(0));
    const target = Buffer.alloc(arena.start(1) + arena.storedLength(1) - arena.start(2));
    expect(arena.run(arena.start(2), arena.start(1) + arena.storedLength(1), target, 0)).toBe(target.length);
    expect(target.toString()).toBe('{"n":2,"t":"bb"},{"n":0,"t":"bb"},{"n":1,"t":"bb"},');
    for (const slot of [0, 1, 2]) expect(arena.text(slot)).toBe(`{"n":${slot},"t":`);
  });

  it('keeps every card and its seal through trims and compactions in any layout', () => {
    fc.assert(
      fc.property(
        // A card is never empty: no bytes is no card (`has`).
        fc.array(fc.tuple(fc.nat(30), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 })), { minLength: 1, maxLength: 200 }),
        fc.array(fc.nat(40), { maxLength: 40 }),
        fc.array(fc.nat(199), { maxLength: 5 }),
        (writes, layout, trimsAfter) => {
          let round = 0;
          const seal = (slot: number) => ({ key: round * 1000 + slot, bytes: Buffer.from(`${round}:${'s'.repeat(slot % 7)}`) });
          const arena = new CardArena(() => layout, seal);
          const expected = new Map<number, string>();
          writes.forEach(([slot, card], i) => {
            arena.set(slot, card);
            expected.set(slot, card);
            if (trimsAfter.includes(i)) {
              round++;
              arena.trim();
            }
          });
          round++;
          arena.trim();
          for (const [slot, card] of expected) {
            expect(arena.text(slot)).toBe(card);
            const target = Buffer.alloc(arena.storedLength(slot));
            arena.run(arena.start(slot), arena.start(slot) + arena.storedLength(slot), target, 0);
            expect(target.toString()).toBe(`${card}${seal(slot).bytes.toString()},`);
            expect(arena.sealKey(slot)).toBe(seal(slot).key);
          }
        },
      ),
    );
  });
});
