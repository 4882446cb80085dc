import { expect, it } from 'vitest';
import { isAppRoute } from './route-paths';

it('knows the unsubscribe page with and without its token, so a link without one is answered, not a 404', () => {
  expect(isAppRoute('/unsubscribe/abc')).toBe(true);
  expect(isAppRoute('/unsubscribe')).toBe(true);
  expect(isAppRoute('/unsubscribe/abc/more')).toBe(false);
});
