import { describe, expect, it } from 'vitest';
import { SIGN_UP_PATH } from '@/lib/api';
import { initialTab } from './sign-in-page';

describe('initialTab', () => {
  it('opens Sign Up for the newcomers’ address, Sign In otherwise', () => {
    expect(initialTab(new URL(SIGN_UP_PATH, 'https://x.example').search)).toBe('sign-up');
    expect(initialTab('?returnTo=%2Fbookmarks&tab=sign-up')).toBe('sign-up');
    expect(initialTab('')).toBe('sign-in');
    expect(initialTab('?tab=admin')).toBe('sign-in');
  });
});
