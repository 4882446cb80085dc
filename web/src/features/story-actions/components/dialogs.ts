/** The per-story dialogs, one chunk loaded on the first open of any of them (story-actions.tsx). */
export { FlagDialog } from './flag-dialog';
export { NoteDialog } from './note-dialog';
export { ShareDialog } from './share-dialog';
