import { describe, expect, it } from 'vitest';
import * as featured from './featured.ts';
import * as heat from './heat.ts';
import * as rules from './index.ts';
import * as limits from './limits.ts';
import * as numbers from './numbers.ts';
import * as pagination from './pagination.ts';
import * as predictions from './predictions.ts';
import * as slug from './slug.ts';
import * as sorts from './sorts.ts';
import * as tags from './tags.ts';
import * as timeAgo from './time-ago.ts';
import * as timeWindows from './time-windows.ts';
import * as watchChange from './watch-change.ts';

describe('index', () => {
  it('re-exports every rule module', () => {
    const modules = [featured, heat, limits, numbers, pagination, predictions, slug, sorts, tags, timeAgo, timeWindows, watchChange];
    for (const module of modules) {
      for (const [name, value] of Object.entries(module)) expect(rules).toHaveProperty(name, value);
    }
  });
});
