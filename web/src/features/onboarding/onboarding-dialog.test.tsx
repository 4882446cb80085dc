// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnboardingDialog } from './onboarding-dialog';

afterEach(cleanup);

it('puts the first focus on the way forward, not on Skip Setup', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OnboardingDialog />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' })));
});

describe('the time zone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  async function finish(): Promise<unknown> {
    const requests: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        requests.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ user: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OnboardingDialog />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const said = screen.getByTestId('onboarding-time-zone').textContent;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    return { said, sent: requests[0] };
  }

  it('shows the zone this browser reports and sends it with the choices', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Pacific/Auckland' } as Intl.ResolvedDateTimeFormatOptions);
    const { said, sent } = (await finish()) as { said: string; sent: Record<string, unknown> };
    expect(said).toContain('Your time zone is Pacific/Auckland (from this browser)');
    expect(sent).toMatchObject({ emailNotifications: true, weeklyDigest: true, timezone: 'Pacific/Auckland' });
  });

  it('says email follows UTC when the browser tells no zone, and sends none', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: '' } as Intl.ResolvedDateTimeFormatOptions);
    const { said, sent } = (await finish()) as { said: string; sent: Record<string, unknown> };
    expect(said).toContain('your email follows UTC');
    expect(sent).not.toHaveProperty('timezone');
  });
});
