import { useQueryClient } from '@tanstack/react-query';
import { useAppRunning } from './app-running';

/** Where a page the server rendered for a phone says so, among the answers it carries. */
export const FIRST_SCREEN_KEY = ['first-screen'] as const;

/**
 * Whether this render is of a page the server rendered for a phone (server/http/screen.ts) before its app runs:
 * the server's render and the app's hydration of it. Such a page leaves out what a phone cannot show before then
 * (the one-line filter bar of larger screens, the buttons of a card's closed actions sheet): lighter to send on a
 * slow network; the app adds them as soon as it runs.
 */
export function useRenderedForPhone(): boolean {
  const appRunning = useAppRunning();
  const queryClient = useQueryClient();
  return !appRunning && queryClient.getQueryData(FIRST_SCREEN_KEY) === 'phone';
}
