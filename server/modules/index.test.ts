import { readdirSync } from 'node:fs';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { untestedModules } from '../../scripts/untested-modules.ts';
import { ingestionEventsFor, SERVER_MODULES } from './index.ts';

describe('the module list', () => {
  it('holds every module folder once, each named after its folder', async () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const names = SERVER_MODULES.map((module) => module.name);
    expect([...names].sort()).toEqual([...folders].sort());
    for (const folder of folders) {
      const exported = Object.values(await import(`./${folder}/module.ts`));
      expect(exported.some((value) => SERVER_MODULES.includes(value as never)), `${folder}/module.ts exports a listed module`).toBe(true);
    }
  });

  it("the modules' listeners follow the module list: the history digests, then keywords, predictions and the search indexes", async () => {
    const order: string[] = [];
    const events = ingestionEventsFor(
      SERVER_MODULES.map((module) => (module.storiesStored ? { ...module, storiesStored: async () => void order.push(module.name) } : module)),
    );
    await events.storiesStored({ pool: {} as pg.Pool, storyIds: [1], nowMs: 0 });
    expect(order).toEqual(['stories', 'keywords', 'predictions', 'search']);
  });

  it('every module has tests where test/README.md says they are (npm run modules:untested lists none)', () => {
    expect(untestedModules()).toEqual([]);
  });
});
