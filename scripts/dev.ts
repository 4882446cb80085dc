/**
 * `npm run dev`: the API server (restarting on change) and the Vite dev server (hot reload, proxying the API)
 * together. Open the Vite address it prints (http://localhost:5173 by default).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
/** The Vite dev server (web/vite.config.ts pins the port). */
const webOrigin = 'http://localhost:5173';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The browser talks to the API through Vite's proxy, so the API's public origin (trusted for
    // state-changing requests and used in sign-in redirects) is Vite's.
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development', PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? webOrigin },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
const stopAll = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.once('exit', (code) => stopAll(code ?? 0));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
