import { existsSync } from 'node:fs';
import { DEFAULT_DATA_DIR, startReplay, type ReplayServer } from '../../tools/hn-replay/index.ts';

/**
 * A replay of the recorded sample week (or of generated data where ../shared/data is absent), its clock
 * paused some hours into the data so lists are full. Tests move the clock themselves.
 */
export async function startTestReplay(hoursIn = 6): Promise<ReplayServer> {
  const recorded = existsSync(DEFAULT_DATA_DIR);
  const replay = await startReplay({ dataset: recorded ? 'sample-week' : 'full', log: () => undefined });
  replay.clock.pause();
  replay.clock.set(replay.dataset.range.first + hoursIn * 3600);
  return replay;
}
