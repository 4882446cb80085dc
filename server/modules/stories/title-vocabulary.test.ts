import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TitleVocabulary, titleWords } from './title-vocabulary.ts';

describe('titleWords', () => {
  it('gives the distinct runs of letters and digits longer than 3 characters', () => {
    expect(titleWords('show hn: rust-lang 1.75 (rust) — café_bar über 2024')).toEqual(['show', 'rust', 'lang', 'café', 'über', '2024']);
    // Characters, not UTF-16 units: four letters of which one is outside the basic plane.
    expect(titleWords('a𝒳bc xyz')).toEqual(['a𝒳bc']);
  });
});

describe('TitleVocabulary', () => {
  // Words from a small alphabet, so pairs and trigrams are shared by many words; thousands of them, so suggestions
  // go past the most used words they read first and look among a pair's or trigram's words.
  const word = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'é', '1'), { minLength: 4, maxLength: 7 }).map((letters) => letters.join(''));
  const title = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
  // Common texts, found among the most used words, and rare ones (four or five characters: a few words each).
  const texts = ['ab', 'ba', 'cd', 'dé', 'é1', '11', 'abc', 'cab', 'dd1', 'abcd', 'a1b', 'éé', 'zz', 'abz', 'a1a1', 'abcdé', 'dcba1', '1é1é', 'ddddd'];

  it('suggests as a plain filter and sort of the words counted now, through counts rising and falling', () => {
    fc.assert(
      fc.property(fc.array(title, { minLength: 3000, maxLength: 3000 }), fc.array(fc.nat({ max: 2999 }), { minLength: 1000, maxLength: 1500 }), (titles, removed) => {
        const vocabulary = new TitleVocabulary();
        for (const t of titles) vocabulary.count(t, 1);
        vocabulary.settle();
        const gone = new Set(removed);
        for (const index of gone) vocabulary.count(titles[index]!, -1);
        vocabulary.settle();
        const counts = new Map<string, number>();
        titles.forEach((t, index) => {
          if (gone.has(index)) return;
          for (const w of titleWords(t)) counts.set(w, (counts.get(w) ?? 0) + 1);
        });
        expect(vocabulary.size).toBe(counts.size);
        for (const text of texts) {
          const want = [...counts]
            .filter(([w]) => w.includes(text))
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .slice(0, 5)
            .map(([w]) => w);
          expect(vocabulary.suggestions(text, 5), text).toEqual(want);
        }
      }),
      // A failure is reported as found: shrinking thousands of titles would take minutes.
      { numRuns: 8, endOnFailure: true },
    );
  });
});
