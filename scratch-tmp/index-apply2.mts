import { StoryListIndex } from '../server/modules/stories/list-index.ts';
const n = 495000; const now = Math.floor(Date.now()/1000);
const all = Array.from({ length: n }, (_, i) => ({ id: i + 1, score: (i * 7919) % 1000, descendants: i % 300, time: now - i * 60, scoreVelocity: 0, trendingScore: i < 3000 ? (i*13)%100 : 0, riseScore: i < 1400 ? i % 7 : 0, visible: true }));
const index = new StoryListIndex();
let t = performance.now(); index.apply(all); console.log('load', (performance.now() - t).toFixed(0));
for (let r = 0; r < 5; r++) for (const k of [100, 3000]) {
  const changes = all.slice(0, k).map((s) => ({ ...s, score: s.score + r + 1 }));
  t = performance.now(); index.apply(changes); console.log('apply', k, (performance.now() - t).toFixed(1), 'ms');
}
