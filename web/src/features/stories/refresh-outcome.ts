import type { RefreshResponse } from '#common/contracts/stories.ts';

export interface RefreshOutcome {
  tone: 'success' | 'info' | 'error';
  text: string;
}

/**
 * What the Refresh button's toast says of the server's answer. Only a cycle that finished without failing is a
 * success; a failed one says what happened in the server's words (the list keeps the stories it had), and one still
 * queued says so rather than claiming it is done.
 */
export function refreshOutcome(result: RefreshResponse): RefreshOutcome {
  if (result.cycle?.status === 'failed') return { tone: 'error', text: result.message };
  if (result.cycle && result.cycle.finishedAt === null) return { tone: 'info', text: result.message };
  return { tone: 'success', text: 'Stories refreshed successfully!' };
}
