// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
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
