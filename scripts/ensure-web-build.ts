/**
 * Run by `npm start` before the server: builds the web app when dist/web is missing or older than any of its
 * sources, so a fresh clone or a pulled change is served without a separate build step.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildWeb } from './build-web.ts';

const root = path.resolve(import.meta.dirname, '..');
// Written last by the build, so a build stopped half-way reads as stale.
const builtIndex = path.join(root, 'dist/web/landing.html');
/** Everything the build is made from: the app, and how its pages are put together. */
const SOURCES = ['web', 'common', 'package-lock.json', 'scripts/build-web.ts', 'server/critical-stylesheet.ts'];

async function newestMtime(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry);
  const times = await Promise.all(children.filter((name) => name !== 'node_modules').map((name) => newestMtime(path.join(entry, name))));
  return Math.max(info.mtimeMs, ...times);
}

export async function webBuildIsStale(): Promise<boolean> {
  const built = await stat(builtIndex).catch(() => null);
  if (!built) return true;
  const sources = await Promise.all(SOURCES.map((source) => newestMtime(path.join(root, source))));
  return Math.max(...sources) > built.mtimeMs;
}

if (await webBuildIsStale()) {
  console.log('[web] building the web app (dist/web is missing or older than its sources)');
  await buildWeb();
}
