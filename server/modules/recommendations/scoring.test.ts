import { describe, expect, it } from 'vitest';
import { buildProfile, featuresOf, recommend, type CandidateStory, type SignalStory } from './scoring.ts';

const NOW = 1_800_000_000;
const NO_ALIASES = new Map<string, string>();
const signal = (storyId: number, title: string, overrides: Partial<SignalStory> = {}): SignalStory => ({
  source: 'bookmark',
  storyId,
  title,
  domain: 'example.com',
  by: 'someone',
  at: NOW - 3600,
  ...overrides,
});
let nextId = 100;
const candidate = (title: string, overrides: Partial<CandidateStory> = {}): CandidateStory => ({ id: nextId++, title, domain: 'news.example', by: 'writer', score: 10, ...overrides });

const filler = [
  candidate('The history of the printing press'),
  candidate('Gardening tips for small balconies'),
  candidate('A new kind of bicycle gear'),
  candidate('Why cities are getting hotter'),
];

describe('featuresOf', () => {
  it('takes the title keywords, the site and the author', () => {
    const features = featuresOf({ title: 'Rust compiler gets faster', domain: 'Blog.Rust-Lang.org', by: 'Steve' }, NO_ALIASES);
    expect(features).toContain('word:rust');
    expect(features).toContain('domain:blog.rust-lang.org');
    expect(features).toContain('author:steve');
    expect(features.some((feature) => feature === 'word:gets')).toBe(false);
  });
});

describe('recommend', () => {
  it('ranks the stories sharing the bookmarks’ topic first, and says which bookmark brought each', () => {
    const profile = buildProfile([signal(1, 'Rust async runtimes compared'), signal(2, 'Writing a kernel in Rust')], [], NO_ALIASES, NOW);
    const rust = candidate('Rust 1.80 released with new lints');
    const picked = recommend(profile, [...filler, rust], NO_ALIASES, 10);
    expect(picked[0]!.candidate).toBe(rust);
    expect(picked[0]!.reasons[0]).toMatchObject({ source: 'bookmark', match: 'word', value: 'rust', keyword: null });
    expect([1, 2]).toContain(picked[0]!.reasons[0]!.storyId);
    // Nothing shared, nothing recommended.
    expect(picked.map((p) => p.candidate)).not.toContain(filler[0]);
  });

  it('an alert’s keyword counts, and is named as the reason', () => {
    const profile = buildProfile([], [{ keyword: 'WebAssembly' }], NO_ALIASES, NOW);
    const wasm = candidate('WebAssembly in the browser, five years on');
    const picked = recommend(profile, [...filler, wasm], NO_ALIASES, 5);
    expect(picked).toHaveLength(1);
    expect(picked[0]!.reasons).toEqual([{ source: 'alert', match: 'word', value: 'webassembly', storyId: null, storyTitle: null, keyword: 'WebAssembly' }]);
  });

  it('matches sites and authors, and a rare site says more than a common one', () => {
    const profile = buildProfile([signal(1, 'Quarterly report', { domain: 'rare.example' }), signal(2, 'Annual summary', { domain: 'common.example' })], [], NO_ALIASES, NOW);
    const common = Array.from({ length: 6 }, (_, i) => candidate(`Unrelated piece ${i}`, { domain: 'common.example' }));
    const rare = candidate('Something else entirely', { domain: 'rare.example' });
    const picked = recommend(profile, [...common, rare], NO_ALIASES, 3);
    expect(picked[0]!.candidate).toBe(rare);
    expect(picked[0]!.reasons[0]).toMatchObject({ match: 'domain', value: 'rare.example', storyId: 1 });
  });

  it('leaves out what the person already has, and stops at the limit', () => {
    const profile = buildProfile([signal(1, 'Postgres indexing tricks')], [], NO_ALIASES, NOW);
    const many = Array.from({ length: 8 }, (_, i) => candidate(`Postgres tip number ${i}`));
    const picked = recommend(profile, many, NO_ALIASES, 5, new Set([many[0]!.id]));
    expect(picked).toHaveLength(5);
    expect(picked.map((p) => p.candidate.id)).not.toContain(many[0]!.id);
  });

  it('a recent signal outweighs an old one, a note outweighs a bookmark', () => {
    const old = buildProfile([signal(1, 'Haskell monads', { at: NOW - 120 * 86_400 }), signal(2, 'Erlang processes')], [], NO_ALIASES, NOW);
    const haskell = candidate('Haskell for beginners');
    const erlang = candidate('Erlang for beginners');
    expect(recommend(old, [haskell, erlang, ...filler], NO_ALIASES, 2)[0]!.candidate).toBe(erlang);
    const noted = buildProfile([signal(1, 'Haskell monads', { source: 'note' }), signal(2, 'Erlang processes')], [], NO_ALIASES, NOW);
    expect(recommend(noted, [haskell, erlang, ...filler], NO_ALIASES, 2)[0]!.candidate).toBe(haskell);
  });

  it('gives at most two reasons, from different signals', () => {
    const profile = buildProfile(
      [signal(1, 'Zig build system', { by: 'andrew' }), signal(2, 'Zig comptime explained', { by: 'andrew' }), signal(3, 'Zig and C interop')],
      [],
      NO_ALIASES,
      NOW,
    );
    const picked = recommend(profile, [candidate('Zig 0.12 is out', { by: 'andrew' }), ...filler], NO_ALIASES, 1);
    const reasons = picked[0]!.reasons;
    expect(reasons).toHaveLength(2);
    expect(new Set(reasons.map((r) => r.storyId)).size).toBe(2);
  });

  it('an empty profile recommends nothing', () => {
    expect(recommend(buildProfile([], [], NO_ALIASES, NOW), filler, NO_ALIASES, 10)).toEqual([]);
  });
});
