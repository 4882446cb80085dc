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
