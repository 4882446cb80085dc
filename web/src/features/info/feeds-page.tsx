import { Link } from 'wouter';
import { FEED_FORMAT_NAMES, feedUrl, type FeedAddress, type FeedFormatName } from '#common/rules/feed-links.ts';
import { InfoPage } from './info-page';

const FORMATS = Object.keys(FEED_FORMAT_NAMES) as FeedFormatName[];

interface FeedExample {
  name: string;
  address: FeedAddress;
  what: string;
}

const LISTS: FeedExample[] = [
  { name: 'Trending', address: { path: '/feeds/trending', query: '' }, what: 'the trending list (velocity, heat), last 3 days' },
  { name: 'Top', address: { path: '/feeds/top', query: 'timeFilter=24h' }, what: 'the highest scored stories of the last 24 hours' },
  { name: 'Most discussed', address: { path: '/feeds/comments', query: 'timeFilter=week' }, what: 'the most commented stories of the week' },
  { name: 'Newest', address: { path: '/feeds/recent', query: 'points=10' }, what: 'new stories once they have 10 points' },
  { name: 'Fast risers', address: { path: '/feeds/fast-risers', query: 'minVelocity=5' }, what: 'stories gaining at least 5 points an hour' },
];

const OTHERS: FeedExample[] = [
  { name: 'Search', address: { path: '/feeds/search', query: 'q=rust+OR+zig&points=50' }, what: 'stories mentioning Rust or Zig with 50 points or more, newest first' },
  { name: 'Keyword', address: { path: '/feeds/keywords/postgresql', query: '' }, what: 'stories whose title mentions PostgreSQL' },
  { name: 'Domain', address: { path: '/feeds/domains/github.com', query: 'points=100' }, what: 'github.com stories with 100 points or more' },
  { name: 'Author', address: { path: '/feeds/authors/pg', query: '' }, what: "pg's submissions" },
  { name: 'Rising keywords', address: { path: '/feeds/rising-keywords', query: 'period=24h' }, what: 'each keyword that starts rising, linking to a feed of its stories' },
];

const DIGESTS: FeedExample[] = [
  { name: 'Daily digest', address: { path: '/feeds/daily', query: 'count=10' }, what: 'one item a day (UTC), listing its 10 best scored stories, for the last 7 days' },
  { name: 'Weekly digest', address: { path: '/feeds/weekly', query: 'count=20' }, what: 'one item a week (from Monday), listing its 20 best scored stories, for the last 4 weeks' },
];

const PARAMETERS: { name: string; what: string }[] = [
  { name: 'q', what: 'Words and "quoted phrases", each found in the title, domain or author; OR between groups; -word, -"a phrase", -domain:example.com and -author:name leave stories out.' },
  { name: 'points', what: 'At least this score.' },
  { name: 'comments', what: 'At least this many comments.' },
  { name: 'count', what: 'How many items, 1 to 100 (20 by default).' },
  { name: 'link=comments', what: 'Items link to the Hacker News discussion instead of the article.' },
  { name: 'description=0', what: 'Items without a description.' },
  { name: 'timeFilter, hours', what: 'A list\'s window: 1h, 6h, 24h, 3d (the default), week or month; or a number of hours.' },
  { name: 'domain, author, sort, order', what: 'The search\'s filters, as on the advanced search (sort: score, comments, time or trending).' },
];

function FeedRow({ example }: { example: FeedExample }) {
  return (
    <li>
      <strong>{example.name}</strong>: {example.what}.{' '}
      {FORMATS.map((format, index) => (
        <span key={format}>
          {index > 0 && ' · '}
          <a href={feedUrl(example.address, format)}>{FEED_FORMAT_NAMES[format]}</a>
        </span>
      ))}
      <br />
      <code className="break-all text-sm">{feedUrl(example.address, 'rss')}</code>
    </li>
  );
}

/** /feeds: every feed, with examples, its parameters and how to follow one. */
export function FeedsPage() {
  return (
    <InfoPage title="Feeds" intro="Every list, search, keyword, domain and author, daily and weekly digests, and your own private feeds, as RSS 2.0, Atom and JSON Feed 1.1, updated every minute.">
      <section aria-labelledby="feeds-lists">
        <h2 id="feeds-lists">Lists</h2>
        <ul>
          {LISTS.map((example) => (
            <FeedRow key={example.name} example={example} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="feeds-others">
        <h2 id="feeds-others">Searches, keywords, domains and authors</h2>
        <ul>
          {OTHERS.map((example) => (
            <FeedRow key={example.name} example={example} />
          ))}
        </ul>
        <p>
          Each list, the <Link href="/search">advanced search</Link> and each keyword on the <Link href="/keywords">keywords page</Link> has a Feed
          button with the address of exactly what it shows.
        </p>
      </section>
      <section aria-labelledby="feeds-digests">
        <h2 id="feeds-digests">Digests</h2>
        <ul>
          {DIGESTS.map((example) => (
            <FeedRow key={example.name} example={example} />
          ))}
        </ul>
        <p>
          <code>periods</code> says how many days or weeks (1 to 14); the other parameters apply to the stories each lists.
        </p>
      </section>
      <section aria-labelledby="feeds-private">
        <h2 id="feeds-private">Private feeds</h2>
        <p>
          Signed in, make your own feed addresses in your <Link href="/preferences">preferences</Link>: your bookmarks, the status changes of the
          stories you watch, the stories of your keyword alerts, and each call to trend with its outcome. Your muting rules apply to them. Their
          addresses hold a secret you can renew or revoke there at any time.
        </p>
      </section>
      <section aria-labelledby="feeds-parameters">
        <h2 id="feeds-parameters">Parameters</h2>
        <p>Every feed takes these (a wrong one is answered 400 with a message saying what is wrong):</p>
        <ul>
          {PARAMETERS.map((parameter) => (
            <li key={parameter.name}>
              <code>{parameter.name}</code>: {parameter.what}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="feeds-reading">
        <h2 id="feeds-reading">Following a feed</h2>
        <p>
          Paste an address into your feed reader (Feedly, Inoreader, NetNewsWire, Miniflux, Thunderbird...). Readers that find feeds on a page find
          the trending feed on every page of the site.
        </p>
        <p>
          Polling every few minutes is plenty: answers carry ETag and Last-Modified, so an unchanged feed costs a 304, and shared caches may keep one
          for five minutes. A client asking more than 120 times a minute is told to wait (429 with Retry-After), never silently refused.
        </p>
        <p>
          When Hacker News has been unreachable for more than five minutes, each feed says so in its description (and, in JSON Feed, in its{' '}
          <code>_hn_trends</code> object) instead of going quiet. The <a href="/api/docs">API document</a> lists every feed and parameter.
        </p>
      </section>
    </InfoPage>
  );
}
