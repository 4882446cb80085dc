// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, useSavePreferences } from './api';
import { DEFAULT_EMAIL_SETTINGS, DEFAULT_KINDS } from './email-controls';

const toastSuccess = vi.hoisted(() => vi.fn());
const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { success: toastSuccess, error: toastError } }));

function SaveButton() {
  const save = useSavePreferences();
  return (
    <button type="button" onClick={() => save.mutate({ preferences: DEFAULT_PREFERENCES, email: DEFAULT_EMAIL_SETTINGS, kinds: DEFAULT_KINDS })}>
      Save
    </button>
  );
}

/**
 * Answers each request with the status `statusOf` gives its address, once `release` is called: a test acts while the
 * save is on its way.
 */
function heldAnswers(statusOf: (url: string) => number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      await released;
      return new Response('{}', { status: statusOf(url), headers: { 'content-type': 'application/json' } });
    }),
  );
  return release;
}

async function saveAndLeave(statusOf: (url: string) => number): Promise<void> {
  const release = heldAnswers(statusOf);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <SaveButton />
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
  // The page goes (left, or mounted afresh) before the answer comes.
  unmount();
  await act(async () => {
    release();
    await vi.waitFor(() => expect(toastSuccess.mock.calls.length + toastError.mock.calls.length).toBeGreaterThan(0));
  });
}

describe('saving preferences', () => {
  beforeEach(() => {
    toastSuccess.mockClear();
    toastError.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('confirms the save even when the page is gone by the time the answer comes', async () => {
    await saveAndLeave(() => 200);
    expect(toastSuccess).toHaveBeenCalledWith('Preferences Saved', { description: 'Your preferences have been updated successfully.' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('tells a failure of the email controls apart from one of the preferences', async () => {
    await saveAndLeave((url) => (url.includes('frequency-controls') ? 500 : 200));
    expect(toastError).toHaveBeenCalledWith('Error', { description: 'Failed to save email preferences. Please try again.' });

    toastError.mockClear();
    await saveAndLeave(() => 500);
    expect(toastError).toHaveBeenCalledWith('Error', { description: 'Failed to save preferences. Please try again.' });
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
