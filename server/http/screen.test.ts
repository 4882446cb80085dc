import { describe, expect, it } from 'vitest';
import { screenAskedFrom } from './screen.ts';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const IPAD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('screenAskedFrom', () => {
  it("takes the browser's client hint first", () => {
    expect(screenAskedFrom({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP_FIREFOX })).toBe('phone');
    expect(screenAskedFrom({ 'sec-ch-ua-mobile': '?0', 'user-agent': ANDROID_CHROME })).toBe('large');
  });

  it('reads phones from their user agent when there is no hint', () => {
    for (const agent of [ANDROID_CHROME, IPHONE_SAFARI, FIREFOX_ANDROID]) expect(screenAskedFrom({ 'user-agent': agent })).toBe('phone');
  });

  it('takes tablets, desktops and requests without a user agent for a larger screen', () => {
    for (const agent of [IPAD_SAFARI, ANDROID_TABLET, DESKTOP_FIREFOX]) expect(screenAskedFrom({ 'user-agent': agent })).toBe('large');
    expect(screenAskedFrom({})).toBe('large');
    expect(screenAskedFrom({ 'sec-ch-ua-mobile': 'nonsense' })).toBe('large');
  });
});
