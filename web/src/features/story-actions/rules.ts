import { NOTE_DANGER_AT, NOTE_MAX_LENGTH, NOTE_WARN_AT } from '#common/rules/limits.ts';

/** Pure rules of the per-story dialogs (spec part 1 §5), kept apart so they are tested without a DOM. */

export type CounterTone = 'normal' | 'warn' | 'danger';

/** The note counter: a remaining-characters hint, orange above 800 characters and red above 950. */
export function noteCounterTone(length: number): CounterTone {
  if (length > NOTE_DANGER_AT) return 'danger';
  if (length > NOTE_WARN_AT) return 'warn';
  return 'normal';
}

/** 'N characters remaining' is shown once the warning starts. */
export function noteRemaining(length: number): number {
  return NOTE_MAX_LENGTH - length;
}

/**
 * The server's bounds on a share link's custom title and description (common/contracts/actions.ts holds them
 * too; importing that would bring zod into the bundle).
 */
export const SHARE_TITLE_MAX_LENGTH = 200;
export const SHARE_DESCRIPTION_MAX_LENGTH = 500;

export interface SharePayload {
  storyId: number;
  customTitle?: string;
  customDescription?: string;
}

/**
 * The share form's body: the custom title defaults to the story title and is sent only if changed; the
 * description is sent only if non-empty after trimming.
 */
export function sharePayload(story: { id: number; title: string }, title: string, description: string): SharePayload {
  const payload: SharePayload = { storyId: story.id };
  const trimmedTitle = title.trim();
  if (trimmedTitle !== '' && trimmedTitle !== story.title.trim()) payload.customTitle = trimmedTitle;
  const trimmedDescription = description.trim();
  if (trimmedDescription !== '') payload.customDescription = trimmedDescription;
  return payload;
}

/** The watch toasts show the story title cut at 50 characters. */
export const WATCH_TOAST_TITLE_LENGTH = 50;
export function truncateTitle(title: string, max = WATCH_TOAST_TITLE_LENGTH): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}
