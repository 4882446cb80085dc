import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { promisify } from 'node:util';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, shut down cleanly, that each test's database starts as a copy of ('' on PostgreSQL). */
    embeddedTemplateDir: string;
  }
}

/**
 * Once per run: an embedded database with every migration applied. Creating one from nothing takes PGlite about
 * 5 s (most of it initdb), a copy of this one about 1 s, and the tests make some forty of them. On PostgreSQL
 * each test file still creates its own database.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('embeddedTemplateDir', '');
    return undefined;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'hn-test-template-'));
  // In a process of its own, as the server runs: the test runner's module loader cannot start the database's thread.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'create-template.ts'), dir]);
  project.provide('embeddedTemplateDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
