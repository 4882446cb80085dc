import { rm } from 'node:fs/promises';

/** Playwright stops the web server with SIGKILL, so its data folder is removed here rather than by the server. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.E2E_DATA_DIR && !process.env.E2E_BASE_URL) {
    await rm(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  }
}
