import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementsService } from '../../server/modules/announcements/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** Each payload is a way admin-written HTML could run script or restyle the page; none may survive. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<b onclick="alert(1)" onmouseover="alert(1)">bold</b>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">b</a>',
  '<a href="java\tscript:alert(1)">c</a>',
  '<a href="data:text/html,<script>alert(1)</script>">d</a>',
  '<a href="//evil.example/">e</a>',
  '<style>body{display:none}</style>',
  '<p style="position:fixed;inset:0">cover</p>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg onload="alert(1)"><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="https://evil.example/"><input name="password"></form>',
  '<object data="https://evil.example/x.swf"></object><embed src="x">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
].join('');

const DANGEROUS = /<script|<style|<iframe|<svg|<math|<img|<form|<input|<object|<embed|<meta|\son\w+=|style=|javascript:|data:|evil\.example|alert\(/i;

const ALLOWED = '<p>Read <strong>this</strong>, <b>that</b>, <em>and</em> <i>more</i> <u>here</u>: <code>npm start</code><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>';

let t: TestApp;
let service: AnnouncementsService;
const stored = async (id: number) =>
  (await t.db.database.pool.query<{ message: string }>('SELECT message FROM announcements WHERE id = $1', [id])).rows[0]!.message;
const served = async () =>
  (await t.app.server.inject({ url: '/api/announcements' })).json().announcements as { id: number; message: string }[];

beforeAll(async () => {
  t = await createTestApp();
  service = new AnnouncementsService(t.db.database.pool);
}, 120_000);
afterAll(async () => t?.close());

describe('announcement HTML is sanitised on the server', () => {
  it('scripts, event handlers, javascript: and other non-web URLs, style, iframe, svg and form payloads are removed on write', async () => {
    const id = await service.create({ title: 'Attack', message: `Hello ${ATTACKS} world`, type: 'info' });
    const message = await stored(id);
    expect(message).not.toMatch(DANGEROUS);
    expect(message).toMatch(/^Hello .*bold.* world$/s);
  });

  it('the allowed markup is kept, and links keep http(s) and mailto targets and gain rel="noopener noreferrer"', async () => {
    const links = '<a href="https://example.com/a" rel="opener" target="_self">web</a> <a href="mailto:team@example.com">mail</a>';
    const id = await service.create({ title: 'Fine', message: ALLOWED + links, type: 'info' });
    const message = await stored(id);
    expect(message.startsWith(ALLOWED)).toBe(true);
    expect(message).toContain('<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">web</a>');
    expect(message).toContain('<a href="mailto:team@example.com" target="_blank" rel="noopener noreferrer">mail</a>');
    expect(message).not.toContain('opener"');
  });

  it('an update is sanitised like a new announcement', async () => {
    const id = await service.create({ title: 'Edited', message: 'Plain', type: 'warning' });
    await service.update(id, { message: `Now ${ATTACKS}` });
    expect(await stored(id)).not.toMatch(DANGEROUS);
  });

  it('the served answer is sanitised even for a row written straight into the database', async () => {
    const raw = await t.db.database.pool.query<{ id: number }>(
      `INSERT INTO announcements (title, message, type) VALUES ('Raw', $1, 'info') RETURNING id`,
      [`${ALLOWED}<a href="https://example.com">x</a>${ATTACKS}`],
    );
    const id = raw.rows[0]!.id;
    expect(await stored(id)).toMatch(DANGEROUS);
    const answer = (await served()).find((announcement) => announcement.id === id)!;
    expect(answer.message).not.toMatch(DANGEROUS);
    expect(answer.message.startsWith(ALLOWED)).toBe(true);
    expect(answer.message).toContain('rel="noopener noreferrer"');
  });
});
