import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleSlug } from '#common/rules/slug.ts';
import { buildApp, type App } from '../server/app.ts';
import { publicUrl } from '../server/config.ts';
import { createMetrics } from '../server/metrics.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardEtag, renderCardSvg, shortenTitle } from '../server/modules/shares/og-image.ts';
import { escapeHtml, injectMeta } from '../server/page-meta.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { databaseFingerprint, seedStories } from './support/seed.ts';

/** Share links, their preview card and the share pages' meta tags. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let storyId = 0;
let otherStoryId = 0;
const TITLE = 'Show HN: <Tags> & "quotes" in a title';

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://trends.example' } });
  await seedStories(pool(), [
    { hnId: 201, time: Math.floor(Date.now() / 1000) - 3600, score: 42, descendants: 7, title: TITLE, url: 'https://blog.example.org/post' },
    { hnId: 202, time: Math.floor(Date.now() / 1000) - 3600, score: 3, descendants: 0, title: 'Ask HN: Something', url: '' },
  ]);
  const rows = await pool().query<{ id: number; hn_id: number }>('SELECT id, hn_id FROM stories ORDER BY hn_id');
  storyId = rows.rows[0]!.id;
  otherStoryId = rows.rows[1]!.id;
  alice = await signUp(t.app.server, { name: 'Alice Sharer', email: 'alice.sharer@example.com' });
  bob = await signUp(t.app.server, { name: 'Bob' });
}, 120_000);
afterAll(async () => t?.close());

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const as = (user: TestUser) => ({ cookie: user.cookie });
const create = (payload: object, user = alice) => inject({ method: 'POST', url: '/api/shared-links', headers: as(user), payload });

function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('creating share links', () => {
  it('visitors get 401', async () => {
    const response = await inject({ method: 'POST', url: '/api/shared-links', payload: { storyId } });
    expect(response.statusCode).toBe(401);
    expect((await inject({ url: '/api/my-shared-links' })).statusCode).toBe(401);
  });

  it('creates a link with an unguessable token (256 bits of base64url), trimmed custom text, and the share address', async () => {
    const response = await create({ storyId, customTitle: '  My   pick  ', customDescription: '  Worth a read.\nReally.  ' });
    expect(response.statusCode).toBe(201);
    const link = response.json().sharedLink;
    expect(link.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.shareToken, 'base64url')).toHaveLength(32);
    expect(link).toMatchObject({ storyId, customTitle: 'My pick', customDescription: 'Worth a read.\nReally.', viewCount: 0, articleClicks: 0, commentsClicks: 0 });
    expect(link.story).toMatchObject({ id: storyId, hnId: 201, title: TITLE });
    expect(link.shareUrl).toBe(`https://trends.example/share/${link.shareToken}/${titleSlug(TITLE)}`);
    expect(link.shareUrl.endsWith('/show-hn-tags-quotes-in-a-title')).toBe(true);
  });

  it('gives every link its own token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 10; i++) tokens.add((await create({ storyId: otherStoryId })).json().sharedLink.shareToken);
    expect(tokens.size).toBe(10);
  });

  it('empty custom text means none', async () => {
    const link = (await create({ storyId, customTitle: '   ', customDescription: '' })).json().sharedLink;
    expect(link.customTitle).toBeNull();
    expect(link.customDescription).toBeNull();
    const omitted = (await create({ storyId, customTitle: null })).json().sharedLink;
    expect(omitted.customTitle).toBeNull();
  });

  it('refuses bad input with a message and changes nothing; an unknown story is a 404', async () => {
    const before = await databaseFingerprint(pool());
    const cases: [object, string][] = [
      [{}, 'storyId must be a number'],
      [{ storyId: 'one' }, 'storyId must be a number'],
      [{ storyId, customTitle: 'x'.repeat(201) }, 'customTitle must be at most 200 characters'],
      [{ storyId, customDescription: 'x'.repeat(501) }, 'customDescription must be at most 500 characters'],
      [{ storyId, customTitle: 'bell\u0007' }, 'customTitle must not contain control characters'],
      [{ storyId, customTitle: 5 }, 'customTitle must be text'],
      [{ storyId, shareToken: 'mine' }, 'Invalid body'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const missing = await create({ storyId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Story not found' });
    expect(await databaseFingerprint(pool())).toBe(before);
    expect((await create({ storyId, customTitle: 'x'.repeat(200), customDescription: 'y'.repeat(500) })).statusCode).toBe(201);
  });

  it('my links are mine only, newest first', async () => {
    await create({ storyId, customTitle: 'Bob’s' }, bob);
    const mine = (await inject({ url: '/api/my-shared-links', headers: as(alice) })).json().sharedLinks;
    expect(mine.length).toBe(14);
    expect(mine.every((link: { customTitle: string | null }) => link.customTitle !== 'Bob’s')).toBe(true);
    const bobs = (await inject({ url: '/api/my-shared-links', headers: as(bob) })).json().sharedLinks;
    expect(bobs).toHaveLength(1);
    expect(bobs[0].customTitle).toBe('Bob’s');
  });
});

describe('viewing and clicking a share link', () => {
  let token = '';
  beforeAll(async () => {
    token = (await create({ storyId, customTitle: 'Custom', customDescription: 'Described' })).json().sharedLink.shareToken;
  });

  it('anyone sees the story, the custom text and the sharer’s name (never the email); each viewer is counted', async () => {
    const view = await inject({ url: `/api/shared-links/${token}` });
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({ customTitle: 'Custom', customDescription: 'Described', user: { displayName: expect.any(String) } });
    expect(body.story).toMatchObject({ id: storyId, hnId: 201, score: 42, descendants: 7 });
    expect(view.body).not.toContain('alice.sharer@example.com');
    await inject({ url: `/api/shared-links/${token}`, headers: as(bob) });
    const link = (await pool().query('SELECT id, view_count FROM shared_links WHERE share_token = $1', [token])).rows[0];
    expect(link.view_count).toBe(2);
    const events = await pool().query(`SELECT event_type FROM shared_link_events WHERE shared_link_id = $1`, [link.id]);
    expect(events.rows.map((row) => row.event_type)).toEqual(['view', 'view']);
  });

  it('shows the display name the sharer chose', async () => {
    await pool().query(`UPDATE users SET display_name = 'Alice L.' WHERE id = $1`, [alice.id]);
    expect((await inject({ url: `/api/shared-links/${token}` })).json().user).toEqual({ displayName: 'Alice L.' });
  });

  it('counts a click of each kind once per viewer and day, and only from a viewer who saw the page', async () => {
    for (const clickType of ['article', 'comments', 'article']) {
      const response = await inject({ method: 'POST', url: `/api/shared-links/${token}/click`, payload: { clickType } });
      expect(response.json()).toEqual({ ok: true });
    }
    // A click from an address that never opened the page counts nothing (and still answers ok: the link exists).
    expect((await inject({ method: 'POST', url: `/api/shared-links/${token}/click`, remoteAddress: '198.51.100.99', payload: { clickType: 'article' } })).json()).toEqual({ ok: true });
    const link = (await pool().query('SELECT id, article_clicks, comments_clicks FROM shared_links WHERE share_token = $1', [token])).rows[0];
    expect([link.article_clicks, link.comments_clicks]).toEqual([1, 1]);
    const mine = (await inject({ url: '/api/my-shared-links', headers: as(alice) })).json().sharedLinks.find((l: { shareToken: string }) => l.shareToken === token);
    // The visitor who looked twice (the display name test) counts once.
    expect(mine).toMatchObject({ viewCount: 2, articleClicks: 1, commentsClicks: 1 });
    // Bob viewed too: his click counts.
    await inject({ method: 'POST', url: `/api/shared-links/${token}/click`, headers: as(bob), payload: { clickType: 'article' } });
    expect((await pool().query('SELECT article_clicks FROM shared_links WHERE share_token = $1', [token])).rows[0].article_clicks).toBe(2);
  });

  it('counts a view once per viewer per day: reloading or another browser adds nothing, another address or person does, and no address is stored', async () => {
    const own = (await create({ storyId })).json().sharedLink.shareToken;
    const viewCount = async () => (await pool().query<{ view_count: number }>('SELECT view_count FROM shared_links WHERE share_token = $1', [own])).rows[0]!.view_count;
    for (let reload = 0; reload < 3; reload++) expect((await inject({ url: `/api/shared-links/${own}`, remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    expect(await viewCount()).toBe(1);
    await inject({ url: `/api/shared-links/${own}`, remoteAddress: '203.0.113.8' });
    await inject({ url: `/api/shared-links/${own}`, remoteAddress: '203.0.113.7', headers: { 'user-agent': 'Another browser' } });
    await inject({ url: `/api/shared-links/${own}`, headers: as(bob) });
    await inject({ url: `/api/shared-links/${own}`, headers: as(bob) });
    expect(await viewCount()).toBe(3);
    const viewers = await pool().query<{ viewer: string }>(
      'SELECT viewer FROM shared_link_daily_views v JOIN shared_links l ON l.id = v.shared_link_id WHERE l.share_token = $1',
      [own],
    );
    expect(viewers.rows).toHaveLength(3);
    for (const { viewer } of viewers.rows) expect(viewer).not.toMatch(/203\.0\.113|user:|Another/);
    // The next day, the same viewer counts again.
    await pool().query(`UPDATE shared_link_daily_views SET day = day - 1`);
    await inject({ url: `/api/shared-links/${own}`, remoteAddress: '203.0.113.7' });
    expect(await viewCount()).toBe(4);
  });

  it('an unknown token is a 404 with the spec’s message; a malformed one or bad click type is a 400', async () => {
    const unknown = await inject({ url: `/api/shared-links/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Share link not found' });
    expect((await inject({ method: 'POST', url: `/api/shared-links/${'A'.repeat(43)}/click`, payload: { clickType: 'article' } })).statusCode).toBe(404);
    expect((await inject({ url: '/api/shared-links/bad%20token!' })).statusCode).toBe(400);
    for (const payload of [{}, { clickType: 'share' }, { clickType: 'article', extra: true }]) {
      const response = await inject({ method: 'POST', url: `/api/shared-links/${token}/click`, payload });
      expect(response.statusCode).toBe(400);
    }
    expect((await inject({ method: 'POST', url: `/api/shared-links/${token}/click`, payload: { clickType: 'x' } })).json().message).toContain('clickType must be one of article, comments');
  });
});

describe('the preview card', () => {
  let token = '';
  beforeAll(async () => {
    token = (await create({ storyId })).json().sharedLink.shareToken;
  });

  it('is a 1200x630 PNG with an ETag, cached five minutes; If-None-Match gives 304', async () => {
    const image = await inject({ url: `/api/og-image/${token}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=300');
    expect(pngSize(image.rawPayload)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await inject({ url: `/api/og-image/${token}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await inject({ url: `/api/og-image/${token}`, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
    // Views of the card are not views of the link.
    expect((await pool().query('SELECT view_count FROM shared_links WHERE share_token = $1', [token])).rows[0].view_count).toBe(0);
  }, 30_000);

  it('changes with the title (and the ETag with it)', async () => {
    const before = await inject({ url: `/api/og-image/${token}` });
    await pool().query(`UPDATE stories SET title = 'A completely different title' WHERE id = $1`, [storyId]);
    const after = await inject({ url: `/api/og-image/${token}` });
    await pool().query(`UPDATE stories SET title = $2 WHERE id = $1`, [storyId, TITLE]);
    expect(after.statusCode).toBe(200);
    expect(pngSize(after.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect((await inject({ url: `/api/og-image/${token}`, headers: { 'if-none-match': after.headers.etag as string } })).statusCode).toBe(200);
  }, 30_000);

  it('a custom title is the card’s title', async () => {
    const custom = (await create({ storyId, customTitle: 'Mine' })).json().sharedLink.shareToken;
    const plain = await inject({ url: `/api/og-image/${token}` });
    const mine = await inject({ url: `/api/og-image/${custom}` });
    expect(mine.headers.etag).not.toBe(plain.headers.etag);
  }, 30_000);

  it('an unknown token is a 404', async () => {
    const response = await inject({ url: `/api/og-image/${'B'.repeat(43)}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Share link not found' });
  });

  it('renders non-Latin scripts (Cyrillic, Greek, Vietnamese) as glyphs', async () => {
    const base = { domain: '', score: 1, comments: 1, synthetic: false };
    const empty = await renderCardSvg({ ...base, title: '.' });
    for (const title of ['Привет мир', 'Καλημέρα κόσμε', 'Xin chào thế giới']) {
      const svg = await renderCardSvg({ ...base, title });
      // Each glyph drawn is path data; a missing font would draw nothing.
      expect(svg.length - empty.length, title).toBeGreaterThan(1500);
    }
  }, 30_000);

  it("says a story the demo's replay made up is one, and draws a new picture for it", async () => {
    const real = { title: 'Why engineers love quiet telescopes', domain: '', score: 3, comments: 0, synthetic: false };
    const made = { ...real, synthetic: true };
    // The words drawn as paths: the made-up story's card draws its note besides the same facts.
    expect((await renderCardSvg(made)).length - (await renderCardSvg(real)).length).toBeGreaterThan(3000);
    expect(cardEtag(made)).not.toBe(cardEtag(real));
  }, 30_000);

  it('cuts long titles cleanly at a word, with an ellipsis', () => {
    const long = 'word '.repeat(60).trim();
    const short = shortenTitle(long);
    expect(short.endsWith('word…')).toBe(true);
    expect(Array.from(short).length).toBeLessThanOrEqual(111);
    expect(shortenTitle('Short title')).toBe('Short title');
    expect(shortenTitle('x'.repeat(300))).toBe(`${'x'.repeat(110)}…`);
  });
});

describe('share pages carry Open Graph and Twitter card tags', () => {
  let token = '';
  let webDir = '';
  let withWeb: App;
  let withoutWeb: App;
  beforeAll(async () => {
    token = (await create({ storyId, customDescription: 'Why <b>this</b> matters & more' })).json().sharedLink.shareToken;
    webDir = await mkdtemp(path.join(tmpdir(), 'hn-web-'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Generic" /><title>HN Trends</title></head><body><div id="root"></div></body></html>',
    );
    const deps = { config: t.config, pool: pool(), db: t.db.database.db, now: Date.now, trigger: { requestNow: async () => undefined } };
    withWeb = await buildApp({ ...deps, metrics: createMetrics(), webDistDir: webDir });
    withoutWeb = await buildApp({ ...deps, metrics: createMetrics(), webDistDir: path.join(webDir, 'missing') });
  }, 60_000);
  afterAll(async () => {
    await withWeb?.server.close();
    await withoutWeb?.server.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const base = 'https://trends.example';
  const expectTags = (html: string) => {
    expect(html).toContain(`<meta property="og:title" content="${escapeHtml(TITLE)}" />`);
    expect(html).toContain('&lt;Tags&gt; &amp; &quot;quotes&quot;');
    expect(html).not.toContain('<Tags>');
    expect(html).toContain('<meta property="og:description" content="Why &lt;b&gt;this&lt;/b&gt; matters &amp; more" />');
    expect(html).toContain(`<meta property="og:image" content="${base}/api/og-image/${token}" />`);
    expect(html).toContain(`<meta property="og:url" content="${base}/share/${token}/${titleSlug(TITLE)}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta name="twitter:title" content="${escapeHtml(TITLE)}" />`);
    expect(html).toContain('<meta name="twitter:description" content="Why &lt;b&gt;this&lt;/b&gt; matters &amp; more" />');
    expect(html).toContain(`<meta name="twitter:image" content="${base}/api/og-image/${token}" />`);
  };

  for (const variant of ['with a web build', 'without a web build'] as const) {
    it(`${variant}: /share/{token}/{slug}, /share/{token} and /shared-story/{token}`, async () => {
      const app = variant === 'with a web build' ? withWeb : withoutWeb;
      for (const url of [`/share/${token}/${titleSlug(TITLE)}`, `/share/${token}/any-slug`, `/share/${token}`, `/shared-story/${token}`]) {
        const response = await app.server.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expectTags(response.body);
        if (variant === 'with a web build') {
          expect(response.body).toContain('<div id="root"></div>');
          expect(response.body).not.toContain('content="Generic"');
        } else {
          expect(response.body).toContain('<a href="https://blog.example.org/post">Read the story</a>');
        }
      }
    });

    it(`${variant}: an unknown or malformed token is a 404 page with generic tags, titled Story Not Found`, async () => {
      const app = variant === 'with a web build' ? withWeb : withoutWeb;
      for (const url of [`/share/${'C'.repeat(43)}`, `/shared-story/${'C'.repeat(43)}`, '/share/bad!token/slug']) {
        const response = await app.server.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).toContain('<meta property="og:title" content="Story Not Found" />');
        expect(response.body).not.toContain('og:image');
      }
    });

    it(`${variant}: an address without a token is a 404 page titled Invalid Share Link`, async () => {
      const app = variant === 'with a web build' ? withWeb : withoutWeb;
      for (const url of ['/share', '/shared-story']) {
        const response = await app.server.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).toContain('<meta property="og:title" content="Invalid Share Link" />');
      }
    });
  }

  it('the page view does not count as a view of the link (the page’s own call does)', async () => {
    await withoutWeb.server.inject({ url: `/share/${token}` });
    expect((await pool().query('SELECT view_count FROM shared_links WHERE share_token = $1', [token])).rows[0].view_count).toBe(0);
  });

  it('injectMeta escapes everything it inserts', () => {
    const html = injectMeta('<html><head><title>x</title></head></html>', {
      title: '</title><script>alert(1)</script>',
      description: `"' onload=`,
      url: 'https://a.example/?a=1&b=2',
      image: null,
      storyUrl: null,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('content="&quot;&#39; onload="');
    expect(html).toContain('https://a.example/?a=1&amp;b=2');
  });

  it('the base address comes from PUBLIC_URL', () => {
    expect(publicUrl(t.config)).toBe(base);
  });
});
