/** Password rules for local accounts (the length rule is shared with the web app's hints). */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/rules/password.ts';

/** The most used passwords of public breach corpora that meet the length rule; refused outright. */
const COMMON_PASSWORDS = new Set([
  '1234567890', '12345678910', '1234567891', '0123456789', '0987654321', '1111111111', '0000000000', '1q2w3e4r5t',
  'qwertyuiop', 'qwertyuiop1', 'password12', 'password123', 'password1234', 'passw0rd123', 'iloveyou12', 'princess12',
  'football12', 'baseball12', 'welcome123', 'abc1234567', 'abcdefghij', 'letmein123', 'trustno1234', 'sunshine12',
  'qazwsxedc123', '1qaz2wsx3edc', 'zaq12wsxcde3', 'administrator', 'adminadmin', 'changeme123', 'q1w2e3r4t5',
  'aaaaaaaaaa', 'asdfghjkl1', 'asdfghjkl;', 'zxcvbnm123', 'computer123', 'michael123', 'superman12', 'dragon1234',
  'monkey1234', 'master1234', 'shadow1234', 'starwars12', 'whatever12', 'passwordpassword', 'qwerty1234', 'qwerty12345',
]);

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email: string | undefined): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Please choose another.';
  if (new Set(lower).size < 4) return 'Password is too easy to guess. Please use more different characters.';
  const local = email?.toLowerCase().split('@')[0];
  if (local && local.length >= 4 && lower.includes(local)) return 'Password must not contain your email address.';
  return null;
}
