import { describe, expect, it } from 'vitest';
import { noteCounterTone, noteRemaining, sharePayload, truncateTitle } from './rules';

describe('noteCounterTone', () => {
  it('is plain up to 800 characters, orange above 800 and red above 950', () => {
    expect(noteCounterTone(0)).toBe('normal');
    expect(noteCounterTone(800)).toBe('normal');
    expect(noteCounterTone(801)).toBe('warn');
    expect(noteCounterTone(950)).toBe('warn');
    expect(noteCounterTone(951)).toBe('danger');
    expect(noteCounterTone(1000)).toBe('danger');
  });

  it('counts what is left of 1000', () => {
    expect(noteRemaining(801)).toBe(199);
    expect(noteRemaining(1000)).toBe(0);
  });
});

describe('sharePayload', () => {
  const story = { id: 7, title: 'A tiny database' };

  it('sends only the story when the title is unchanged and the description empty', () => {
    expect(sharePayload(story, 'A tiny database', '')).toEqual({ storyId: 7 });
    expect(sharePayload(story, '  A tiny database ', '   \n ')).toEqual({ storyId: 7 });
  });

  it('sends a changed title and a non-empty description, trimmed', () => {
    expect(sharePayload(story, ' Read this ', '  Worth it  ')).toEqual({ storyId: 7, customTitle: 'Read this', customDescription: 'Worth it' });
  });

  it('does not send an emptied title (the story title is used)', () => {
    expect(sharePayload(story, '   ', '')).toEqual({ storyId: 7 });
  });
});

describe('truncateTitle', () => {
  it('cuts at 50 characters', () => {
    expect(truncateTitle('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncateTitle('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
  });
});
