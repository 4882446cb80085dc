// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { HeldEmails } from './held-emails';

afterEach(cleanup);

it('lists each held email with the time it goes on the person’s clock, and names the zone', () => {
  render(
    <HeldEmails
      timeZone="Asia/Kolkata"
      held={[
        { kind: 'watch_notification', subject: 'Watched story is growing: A', sendAfter: '2026-06-02T02:30:00.000Z', until: '08:00' },
        { kind: 'weekly_digest', subject: 'Your weekly HN Trends digest', sendAfter: '2026-06-07T02:30:00.000Z', until: 'Sun 08:00' },
      ]}
    />,
  );
  const section = screen.getByRole('region', { name: 'Emails held for later' });
  expect(section.textContent).toContain('2 emails are held for later');
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Watched stories: Watched story is growing: A, held until 08:00',
    'Weekly newsletter: Your weekly HN Trends digest, held until Sun 08:00',
  ]);
  expect(section.textContent).toContain('Times in Asia/Kolkata.');
});

it('says the times are UTC when no zone is saved, and shows nothing when nothing is held', () => {
  const { rerender } = render(
    <HeldEmails timeZone={null} held={[{ kind: 'keyword_alert', subject: 'Keyword alert: rust', sendAfter: '2026-06-02T08:00:00.000Z', until: '08:00' }]} />,
  );
  expect(screen.getByTestId('held-emails').textContent).toContain('Times in UTC (no time zone saved).');
  rerender(<HeldEmails timeZone="UTC" held={[]} />);
  expect(screen.queryByTestId('held-emails')).toBeNull();
});
