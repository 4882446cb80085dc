// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { KeywordAlertsResponse } from '#common/contracts/keywords.ts';
import { resetAnnouncements } from '../alert-announcements';
import { KeywordAlertBadge, KeywordAlertSound } from './keyword-alert-badge';

const alert = (id: number, keyword: string, isActive = true) => ({ id, keyword, threshold: 5, isActive, createdAt: '2026-01-01T00:00:00Z', lastFiredAt: null });
const body: KeywordAlertsResponse = {
  alerts: [alert(1, 'Rust'), alert(2, 'JS'), alert(3, 'wasm', false), alert(4, 'machine learning')],
  aliases: { js: 'JavaScript' },
};

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }))));
});
afterEach(async () => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  // sonner removes a dismissed toast 200 ms later, from a timer: let it run while the test's window still exists.
  await new Promise((resolve) => setTimeout(resolve, 300));
});

function Badges({ stories, sound = false }: { stories: { id: number; title: string }[]; sound?: boolean }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <Toaster />
      <KeywordAlertSound enabled={sound}>
        {stories.map((story) => (
          <div key={story.id} data-testid={`card-${story.id}`}>
            <KeywordAlertBadge storyId={story.id} title={story.title} />
          </div>
        ))}
      </KeywordAlertSound>
    </QueryClientProvider>
  );
}

/** A stand-in for the browser's AudioContext that counts the notes started. */
function fakeAudio() {
  const started: number[] = [];
  const param = { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createGain() {
      return { gain: param, connect: (target: unknown) => target };
    }
    createOscillator() {
      return { type: '', frequency: param, connect: (target: unknown) => target, start: (at: number) => started.push(at), stop: vi.fn() };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return started;
}

const STORIES = [
  { id: 1, title: 'Rust and JavaScript on wasm' },
  { id: 2, title: 'In code we trust' },
  { id: 3, title: 'Machine Learning, rust-free' },
];

it('lists the keywords of active alerts a title mentions, by the whole-word, alias-aware rule', async () => {
  render(<Badges stories={STORIES} />);
  const badges = await screen.findAllByTestId('keyword-alert-badge');
  expect(badges.map((badge) => badge.textContent)).toEqual(['Alert: Rust, JS', 'Alert: Rust, machine learning']);
  expect(screen.getByTestId('card-2').textContent).toBe('');
});

it("shows 'Keyword Alert Triggered!' once per card, not again when the card shows again", async () => {
  const first = render(<Badges stories={[{ id: 10, title: 'Rust 2.0' }, { id: 11, title: 'Why JS' }]} />);
  await screen.findAllByTestId('keyword-alert-badge');
  await waitFor(() => expect(screen.getAllByText('Keyword Alert Triggered!')).toHaveLength(2));
  first.unmount();
  toast.dismiss();
  render(<Badges stories={[{ id: 10, title: 'Rust 2.0' }, { id: 12, title: 'Go and Rust' }]} />);
  await waitFor(() => expect(screen.getAllByTestId('keyword-alert-badge')).toHaveLength(2));
  // Only the new card (12) is announced.
  await waitFor(() => expect(screen.getAllByText('Keyword Alert Triggered!')).toHaveLength(1));
  expect(screen.getByText('Go and Rust mentions Rust')).toBeTruthy();
});

it('announces a story once per browser session: a reload (the page read afresh) does not toast it again', async () => {
  render(<Badges stories={[{ id: 20, title: 'Rust in the kernel' }]} />);
  await waitFor(() => expect(screen.getAllByText('Keyword Alert Triggered!')).toHaveLength(1));
  cleanup();
  toast.dismiss();
  await new Promise((resolve) => setTimeout(resolve, 300));
  // A reload: the page's memory is gone, the session's storage is not.
  resetAnnouncements();
  render(<Badges stories={[{ id: 20, title: 'Rust in the kernel' }]} />);
  await screen.findAllByTestId('keyword-alert-badge');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByText('Keyword Alert Triggered!')).toBeNull();
  expect(JSON.parse(sessionStorage.getItem('hn-trends:announced-alerts') ?? '[]')).toContain(20);
});

it('plays the chime with the announcement only when the person wants it, and once per story', async () => {
  const notes = fakeAudio();
  render(<Badges stories={[{ id: 30, title: 'Rust on the desk' }]} />);
  await waitFor(() => expect(screen.getAllByText('Keyword Alert Triggered!')).toHaveLength(1));
  expect(notes).toHaveLength(0);
  cleanup();
  render(<Badges sound stories={[{ id: 30, title: 'Rust on the desk' }, { id: 31, title: 'Rust on the road' }]} />);
  await waitFor(() => expect(notes).toHaveLength(2));
  // Two notes for story 31, none again for 30.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(notes).toHaveLength(2);
});
