import type { StoryListQuery, StoryListSort } from '#common/contracts/stories.ts';
import { STORY_LIST_SORTS } from '#common/contracts/stories.ts';
import type { SearchQuery } from '#common/contracts/search.ts';
import type { SearchSort } from '#common/rules/search.ts';
import { windowHours } from './windows.ts';
import { heatLevel, type HeatLevel, type HeatStory } from '#common/rules/heat.ts';
import { isWithinDomain, type MutableStory, type MuteMatcher } from '#common/rules/mutes.ts';
import { NameIndex } from './name-index.ts';
import { characterMask, hasOwnBit, searchTextOf, TrigramIndex } from './text-index.ts';
import { TitleVocabulary } from './title-vocabulary.ts';
import { CardArena } from './card-arena.ts';
import type { PageSlab } from './page-slab.ts';

/**
 * What the index keeps of a story: its sort keys and filters (server/modules/stories/queries.ts, ORDER_BY), and the
 * rest of what a list shows of it, so a page of any depth is presented without reading the table.
 */
export interface IndexedStory {
  id: number;
  hnId: number;
  url: string;
  /** Made up by the demo's replay (docs/hn-replay.md). */
  synthetic: boolean;
  /** The current prediction (null when the story has none). */
  predictionProbability: number | null;
  score: number;
  descendants: number;
  time: number;
  scoreVelocity: number;
  commentsVelocity: number;
  trendingScore: number;
  riseScore: number;
  /** Neither dead, deleted nor hidden by moderation: a list may show it, a search find it. */
  visible: boolean;
  title: string;
  domain: string;
  by: string;
}

/**
 * A list page found by the index: the page's stories in order, as their slots in the index (cardsOf reads their
 * cards by slot, with no lookup of an id; idsOf gives their ids), and how many stories the list holds in all. The
 * slots may be a view of one of the index's orders: they are read before the index next changes (at once).
 */
export interface IndexedPage {
  slots: ArrayLike<number>;
  totalCount: number;
}

/** How a search finds its stories besides its query (`StoryListIndex.search`). */
export interface SearchOptions {
  /** Whether every match is counted (the search page), or the page is found without counting them (the feeds). */
  counted?: boolean;
  /** More texts each match holds, as it holds the query's `q`: anywhere in its title, domain or author, in any case. */
  terms?: readonly string[];
  /**
   * The query's domain is the story's domain or a parent of it, and its author the story's own (in any case), rather
   * than a part of them: a domain's and an author's feeds. Their stories are read from the name indexes.
   */
  exact?: boolean;
}

/** A list page, with what the person's muting rules did to it. */
export interface IndexedListPage extends IndexedPage {
  /** How many stories the person's rules hide (0 without rules). */
  hiddenCount: number;
  /** The slots of the page's stories the rules hide, shown because the list was asked to (`showMuted`). */
  mutedSlots: ReadonlySet<number>;
}

/**
 * What a run of cards is written between: `head`, then the cards, then `tail`. Text rather than a function of the
 * page: tsx, which runs the server, names each function as it is made (a property defined each time), and a function
 * made per page cost more than its text.
 */
export interface CardsFrame {
  head: string;
  tail: string;
}

const NO_FRAME: CardsFrame = { head: '', tail: '' };

/**
 * What follows each card on a page: an ending (its age, and what closes it), known by a key of the story's time and
 * whether it is marked. Equal keys, equal bytes.
 */
export interface CardEndings {
  key(time: number, marked: boolean): number;
  bytes(key: number): Uint8Array;
}
const NO_SLOTS: ReadonlySet<number> = new Set();
const COMMA = 0x2c;

/** The filters a list takes besides its sort's own (common/contracts/stories.ts, storyFilterFields). */
export interface ListFilter {
  /** A normalised domain: its stories and its subdomains'. */
  domain?: string | undefined;
  heat?: HeatLevel | undefined;
  mutes?: MuteMatcher | undefined;
  /** Muted stories are counted and shown (marked) rather than left out. */
  showMuted?: boolean;
}

/** The most verdicts kept for one rule set (about 100 bytes each): lists read far fewer stories than this. */
const VERDICTS_KEPT = 100_000;


/** What the filter makes of a story: left out of the list, in it, muted and shown (marked), or muted and hidden. */
const OUT = 0;
const IN = 1;
const SHOWN_MUTED = 2;
const HIDDEN_MUTED = 3;

/** The sorts whose windows are read by time and sorted by rank: their order is not by time. */
const RANKED_SORTS = ['trending', 'top', 'comments'] as const satisfies readonly StoryListSort[];
type RankedSort = (typeof RANKED_SORTS)[number];
const isRanked = (sort: StoryListSort): sort is RankedSort => (RANKED_SORTS as readonly string[]).includes(sort);

/** What a search tests on a story's text (`StoryListIndex.textMatches`). */
interface TextTest {
  /** Texts held anywhere (lower case). */
  needles: readonly string[];
  domain: string;
  author: string;
  exact: boolean;
}
const DOT = 46;

/** The title of a search text (its first line). */
const titleOf = (searchText: string) => searchText.slice(0, searchText.indexOf('\n'));

/** A search text's title, domain and author (searchTextOf: one a line). */
function partsOf(text: string): { title: string; domain: string; by: string } {
  const domainStart = text.indexOf('\n') + 1;
  const authorStart = text.indexOf('\n', domainStart) + 1;
  return { title: text.slice(0, domainStart - 1), domain: text.slice(domainStart, authorStart - 1), by: text.slice(authorStart) };
}

/** The list order each search sort reads: the same keys and ties (server/modules/search/queries.ts, SORT_ORDERS). */
const SEARCH_ORDERS = { score: 'top', comments: 'comments', time: 'recent', trending: 'trending' } as const satisfies Record<SearchSort, StoryListSort>;
type SearchOrder = (typeof SEARCH_ORDERS)[SearchSort];
/** The orders whose positions are kept for each story: the ranked lists' windows and the searches read them. */
const POSITIONED_ORDERS = [...new Set<RankedSort | SearchOrder>([...RANKED_SORTS, ...Object.values(SEARCH_ORDERS)])];
type PositionedOrder = (typeof POSITIONED_ORDERS)[number];

/**
 * The most matches a window read by time gathers. A window with more is found by walking the sort's order instead:
 * it has so many matches that the walk finds a page's soon.
 */
const WINDOW_SORT_MAX = 8192;

/**
 * A search without its count (the feeds') whose texts' stories may be at most this many marks them, as a counted
 * search does: so few cost less to test than a walk of the order would. More, it walks the order (firstPage).
 */
const FIRST_PAGE_MARKED_MAX = 2048;
/** The most stories' texts a walk of the order tests before it leaves the page to marking the stories that may match. */
const FIRST_PAGE_TESTS_MAX = 8192;
/**
 * The most stories a walk reads, tested or not: a high min score or a short window on another sort's order leaves
 * most stories it reads out before their text is tested, and then the few in range are found sooner by marking them.
 */
const FIRST_PAGE_READS_MAX = 32_768;
/**
 * From this many stories tested (and four times as many read), at each power of two, a walk also gives up when at the
 * rate it has found the page's stories so far it would pass its bound before the page is full.
 */
const FIRST_PAGE_CHECKS_FROM = 512;

/**
 * Testing a story of a search's range (its text read from wherever it lies in memory) costs about as much as reading
 * this many entries of the trigram lists and the columns in slot order: the range is read instead of the trigrams'
 * candidates only when it is this many times smaller than their bound.
 */
const RANGE_TEST_COST = 16;

/** Up to this many matches, a window's ranks are sorted; more are marked in a bitmap and read in order. */
const RANKS_SORTED_MAX = 1024;

/**
 * Score floors of the time orders: for each, the visible stories with at least that score, newest first. A window or
 * the recent list with a min score reads the highest floor at or under it, so it skips few stories below the min
 * score: scores are heavy-tailed, and most stories have a point or two.
 */
const SCORE_FLOORS = [0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/**
 * Every visible story's sort keys in memory, and each sort's order as an array of story slots, so that any list page
 * (any sort, window, min score and page) is found without the database: the same rules as the SQL statement
 * (queries.ts, storyListStatement), which answers while the index loads. Columns are typed arrays indexed by story
 * slot (the stories in the order they were first read): about 140 bytes a story with the map from id to slot, 70 MB
 * at 500,000 stories.
 *
 * A page is found as the statement finds it, and its total counted exactly. A list whose matches are the start of
 * an order (the top list over all stories: its order is by score; the recent list from a min score that is a score
 * floor: its order is by time) is counted by binary search and its page read at its offset, however deep
 * (prefixPage). Otherwise a window of a ranked sort is read by time (the recent order is the time order, kept also
 * from each of a few score floors up) and its matches put in order by their rank in the sort; when the window holds
 * many matches, or there is no window, the sort's order is walked, filters checked on each story, to its end for
 * the total. docs/performance.md, "Story lists from memory", has the figures.
 *
 * The same index answers searches and suggestions (`search`, `suggestions`): each story's search text, a trigram
 * index of the texts (text-index.ts) and the titles' vocabulary (title-vocabulary.ts), kept with the lists' columns
 * as stories change. docs/search.md, "How it is answered: from memory".
 */
export class StoryListIndex {
  /** `cardOf` makes a story's card: what a page of the list shows of it but for its age (indexed-lists.ts). */
  /**
   * `cardOf` makes a story's card; with `sealWith`, each card is stored followed by its ending as `sealWith` gives it
   * when the card is written or moved (CardArena's seal), so a page whose cards still end so copies runs of them at once.
   */
  constructor(
    private readonly cardOf: (story: IndexedStory) => string = () => '',
    sealWith?: () => CardEndings,
  ) {
    this.cards = new CardArena(
      () => this.orders.top,
      sealWith &&
        ((slot) => {
          const endings = sealWith();
          const key = endings.key(this.time[slot]!, false);
          return { key, bytes: endings.bytes(key) };
        }),
    );
  }

  private capacity = 0;
  /**
   * Each story's slot: where its values are in the columns. Not the story's id: ids have gaps (every upsert of a
   * known story takes a value of the id sequence), so after a year they run to about a hundred times the stories.
   */
  private readonly slots = new Map<number, number>();
  /** The story id in each slot. */
  private ids = new Int32Array(0);
  private score = new Int32Array(0);
  private descendants = new Int32Array(0);
  private time = new Float64Array(0);
  private scoreVelocity = new Float64Array(0);
  private commentsVelocity = new Float64Array(0);
  private trendingScore = new Float64Array(0);
  private riseScore = new Float64Array(0);
  private visible = new Uint8Array(0);
  /**
   * Each slot's card: the story as a list presents it but for its age, which moves on while the story does not
   * (cardOf), made when the story is stored and again when it changes. Laid out in the top order, whose pages are
   * read deepest (all time, to the last page).
   */
  private readonly cards: CardArena;
  private changed = new Uint8Array(0);
  /** A window's matches, marked by rank; cleared after each page (found synchronously, so one serves every request). */
  private rankMarks = new Uint32Array(0);
  private readonly markedRanks = new Int32Array(WINDOW_SORT_MAX);
  /**
   * The endings of the page cardsOf is writing, of the cards whose seals are not them (one array for every page: a
   * page is written synchronously).
   */
  private readonly pageEnds: (Uint8Array | undefined)[] = [];
  private readonly orders = Object.fromEntries(STORY_LIST_SORTS.map((sort) => [sort, new Int32Array(0)])) as Record<StoryListSort, Int32Array>;
  /** The time order from each score floor up (the first is the recent order itself). */
  private timeOrders: Int32Array[] = SCORE_FLOORS.map(() => new Int32Array(0));
  /** An order's position of each slot (valid for the stories in the order). */
  private readonly ranks = Object.fromEntries(POSITIONED_ORDERS.map((sort) => [sort, new Int32Array(0)])) as Record<PositionedOrder, Int32Array>;
  /** Each slot's search text (searchTextOf), where the trigram index finds it. */
  private texts: string[] = [];
  private readonly trigrams = new TrigramIndex();
  /** Each domain's stories and each author's, for searches whose domain and author are exact (a domain's feed). */
  private readonly domains = new NameIndex({ domains: true });
  private readonly authors = new NameIndex();
  /** The visible stories' title words, for suggestions. */
  private readonly vocabulary = new TitleVocabulary();
  /** Each rule set's verdicts by search text (mutedSlot); a rule set no longer in use takes its verdicts with it. */
  private readonly verdicts = new WeakMap<MuteMatcher, Map<string, boolean>>();
  /** Stories were applied with their search texts and cards left for later, and not all are in yet. */
  private detailsLoading = false;

  /** Each sort's comparison of two slots, as its ORDER BY: every key descending, ties by id, newest first. */
  private readonly compare: Record<StoryListSort, (a: number, b: number) => number> = {
    trending: (a, b) => this.trendingScore[b]! - this.trendingScore[a]! || this.score[b]! - this.score[a]! || this.newerId(a, b),
    top: (a, b) => this.score[b]! - this.score[a]! || this.newerId(a, b),
    comments: (a, b) => this.descendants[b]! - this.descendants[a]! || this.newerId(a, b),
    recent: (a, b) => this.time[b]! - this.time[a]! || this.newerId(a, b),
    'fast-risers': (a, b) => this.riseScore[b]! - this.riseScore[a]! || this.newerId(a, b),
  };

  private newerId(a: number, b: number): number {
    return this.ids[b]! - this.ids[a]!;
  }

  /** How many stories the index holds (visible ones). */
  get size(): number {
    return this.orders.recent.length;
  }

  /** The memory the lists' arrays take, in bytes (the search texts and their index come on top: docs/search.md). */
  get bytes(): number {
    const arrays = [
      this.ids, this.score, this.descendants, this.time, this.scoreVelocity, this.commentsVelocity, this.trendingScore, this.riseScore,
      this.visible, this.changed, this.rankMarks, this.markedRanks, ...Object.values(this.orders),
      ...this.timeOrders.slice(1), ...Object.values(this.ranks),
    ];
    return arrays.reduce((sum, array) => sum + array.buffer.byteLength, 0) + this.domains.bytes + this.authors.bytes;
  }

  /**
   * The cards of a page's `slots` (found by page or search, before the index changes), in order, comma-separated, as
   * UTF-8 bytes between `frame`'s head and tail: each card followed by its ending (`endings`: the story's age and
   * what closes it, from its time, and whether its slot is `marked`). The bytes are measured first and copied once
   * into a buffer of their size, from `room` when given (PageSlab). Cards whose seal is their ending on this page and
   * that lie side by side in the arena (a page of an order cards are laid out in) are copied as one run.
   */
  cardsOf(
    slots: ArrayLike<number>,
    endings: CardEndings,
    marked: ReadonlySet<number> = NO_SLOTS,
    frame: CardsFrame = NO_FRAME,
    room?: PageSlab,
  ): Buffer {
    const count = slots.length;
    const ends = this.pageEnds;
    const cards = this.cards;
    const { head, tail } = frame;
    // Every card is counted with a comma after it, the last one's written over by the tail.
    let length = Buffer.byteLength(head) + Buffer.byteLength(tail);
    for (let i = 0; i < count; i++) {
      const slot = slots[i]!;
      const key = endings.key(this.time[slot]!, marked.has(slot));
      if (key === cards.sealKey(slot)) {
        ends[i] = undefined;
        length += cards.storedLength(slot);
      } else {
        const ending = endings.bytes(key);
        ends[i] = ending;
        length += cards.length(slot) + ending.length + 1;
      }
    }
    if (count > 0) length -= 1;
    const bytes = room === undefined ? Buffer.allocUnsafe(length) : room.take(length);
    let at = bytes.write(head, 0);
    // The run of sealed cards side by side not yet copied, as its start and end in the arena.
    let runStart = 0;
    let runEnd = -1;
    for (let i = 0; i < count; i++) {
      const slot = slots[i]!;
      const ending = ends[i];
      if (ending === undefined) {
        const start = cards.start(slot);
        if (start !== runEnd) {
          if (runEnd >= 0) at = cards.run(runStart, runEnd, bytes, at);
          runStart = start;
        }
        runEnd = start + cards.storedLength(slot);
        continue;
      }
      if (runEnd >= 0) at = cards.run(runStart, runEnd, bytes, at);
      runEnd = -1;
      at = cards.copy(slot, bytes, at);
      bytes.set(ending, at);
      at += ending.length;
      bytes[at++] = COMMA;
    }
    if (runEnd >= 0) at = cards.run(runStart, runEnd, bytes, at);
    bytes.write(tail, count > 0 ? at - 1 : at);
    return bytes;
  }

  /** The story ids of a page's slots. */
  idsOf(slots: ArrayLike<number>): number[] {
    return Array.from(slots, (slot) => this.ids[slot]!);
  }

  /**
   * Stores new and changed stories and puts them in place in every order. With `detailsLater`, their search texts and
   * cards are left for `addLoadedDetails` (the first load: the orders are ready without waiting for them).
   */
  apply(stories: readonly IndexedStory[], { detailsLater = false }: { detailsLater?: boolean } = {}): void {
    if (stories.length === 0) return;
    const changed: number[] = [];
    for (const story of stories) {
      let slot = this.slots.get(story.id);
      if (slot === undefined) {
        slot = this.slots.size;
        this.slots.set(story.id, slot);
        this.ensureCapacity(slot + 1);
        this.ids[slot] = story.id;
      }
      if (!detailsLater) this.indexText(slot, story);
      this.score[slot] = story.score;
      this.descendants[slot] = story.descendants;
      this.time[slot] = story.time;
      this.scoreVelocity[slot] = story.scoreVelocity;
      this.commentsVelocity[slot] = story.commentsVelocity;
      this.trendingScore[slot] = story.trendingScore;
      this.riseScore[slot] = story.riseScore;
      this.visible[slot] = story.visible ? 1 : 0;
      if (!detailsLater) this.cards.set(slot, this.cardOf(story));
      // A story given twice is placed once, with its last values.
      if (this.changed[slot] === 0) changed.push(slot);
      this.changed[slot] = 1;
    }
    const changedSlots = Int32Array.from(changed);
    for (const sort of STORY_LIST_SORTS) {
      this.orders[sort] = this.merged(this.orders[sort], changedSlots, this.compare[sort], (slot) => this.member(sort, slot));
    }
    this.timeOrders = SCORE_FLOORS.map((floor, i) =>
      i === 0 ? this.orders.recent : this.merged(this.timeOrders[i]!, changedSlots, this.compare.recent, (slot) => this.visible[slot] === 1 && this.score[slot]! >= floor),
    );
    for (const slot of changedSlots) this.changed[slot] = 0;
    for (const sort of POSITIONED_ORDERS) this.rank(sort);
    this.vocabulary.settle();
    if (detailsLater) this.detailsLoading = true;
  }

  /**
   * The search texts and cards of stories applied with `detailsLater`, a run at a time (making them for 500,000
   * stories takes seconds, which the server's one thread must not spend at once). A story whose details a later
   * change already gave is left as it is: the details read at load are older.
   */
  addLoadedDetails(stories: readonly IndexedStory[]): void {
    for (const story of stories) {
      const slot = this.slots.get(story.id);
      if (slot === undefined || this.texts[slot] !== undefined) continue;
      const text = searchTextOf(story.title, story.domain, story.by);
      this.trigrams.add(slot, text);
      this.indexNames(slot, text, undefined);
      this.texts[slot] = text;
      this.cards.set(slot, this.cardOf(story));
      if (this.visible[slot] === 1) this.vocabulary.count(titleOf(text), 1);
    }
  }

  /** Every loaded story's details are in: pages and searches may be answered; the room the lists grew into is given back. */
  finishLoadingDetails(): void {
    this.vocabulary.settle();
    this.trigrams.trim();
    this.cards.trim();
    this.detailsLoading = false;
  }

  /** Whether pages, searches and suggestions can be answered (not while the first load's details are being added). */
  get complete(): boolean {
    return !this.detailsLoading;
  }

  /** A story's search text into the trigram index, and its title's words into the vocabulary while it is visible. */
  private indexText(slot: number, story: IndexedStory): void {
    const before = this.texts[slot];
    const text = searchTextOf(story.title, story.domain, story.by);
    if (text !== before) {
      if (before !== undefined) this.trigrams.remove(slot, before);
      this.trigrams.add(slot, text);
      this.indexNames(slot, text, before);
      this.texts[slot] = text;
    }
    const wasCounted = before !== undefined && this.visible[slot] === 1;
    if (wasCounted && (!story.visible || text !== before)) this.vocabulary.count(titleOf(before), -1);
    if (story.visible && (!wasCounted || text !== before)) this.vocabulary.count(titleOf(text), 1);
  }

  /** A story's domain and author into the name indexes, when they are not those of its former text. */
  private indexNames(slot: number, text: string, before: string | undefined): void {
    const now = partsOf(text);
    const was = before === undefined ? null : partsOf(before);
    for (const [index, name, former] of [[this.domains, now.domain, was?.domain], [this.authors, now.by, was?.by]] as const) {
      if (name === former) continue;
      if (former !== undefined) index.remove(slot, former);
      index.add(slot, name);
    }
  }

  /**
   * A search's page and how many stories match (every one: the count has no bound here), by the rules of the SQL
   * statement (server/modules/search/queries.ts), which answers while the index loads. The stories that may match are
   * the fewest of: those the trigram index gives for the texts, those of the exact domain or author (the name
   * indexes), the stories at or over the min score (the head of the score order), and those of the time window (the
   * head of a time order); or every story, read by its character mask for a one-character text. Each is tested, and
   * its position in the sort's order marked in a bitmap, whose first (or, low to high, last) marks are the page.
   */
  search(query: SearchQuery, nowMs: number, mutes?: MuteMatcher, { counted = true, terms = [], exact = false }: SearchOptions = {}): IndexedPage & { hiddenCount: number } {
    const since = query.hours === 'all' ? -Infinity : Math.floor(nowMs / 1000) - Number(query.hours) * 3600;
    const needles = [...new Set([query.q, ...terms].map((text) => text.toLowerCase()))].filter((text) => text !== '');
    const domain = query.domain.toLowerCase();
    const author = query.author.toLowerCase();
    // An exact domain or author is found by its name index; a part of one by the trigrams, as the other texts.
    const indexed = exact ? needles : [...needles, domain, author];
    const [maskLow, maskHigh] = characterMask([...needles, domain, author]);
    const textBounds = this.trigrams.textBounds(indexed).filter((bound) => bound !== null);
    const trigramBound = Math.min(...textBounds);
    const byName = exact ? this.smallerName(domain, author) : null;
    const textBound = Math.min(trigramBound, byName?.count ?? Infinity);
    const inRange = this.storiesInRange(query.minScore, since);
    const test = { needles, domain, author, exact };
    const bounds = [...textBounds, ...(byName ? [byName.count] : []), ...(inRange ? [inRange.length] : [])];
    // The stories marking would test, and the most a walk may read: a walk that reads no more than those never gives
    // up (it reads them in the sort's order, and stops once the page is full).
    const marking = Math.min(textBound, inRange?.length ?? Infinity);
    const walked = counted ? Infinity : this.walkLength(query, since);
    if (!counted && marking > FIRST_PAGE_MARKED_MAX && (walked <= marking || this.walkMayFill(query, walked, bounds))) {
      const found = this.firstPage(query, since, test, maskLow, maskHigh, mutes, walked > marking);
      if (found) return { slots: found.slots, totalCount: found.slots.length, hiddenCount: found.hidden };
    }
    // The range, when it holds far fewer stories than the texts' rarest trigram and the name: the texts are then
    // tested on each. Else the name's stories, when they are fewer than the trigrams'.
    const byRange = inRange !== null && inRange.length * RANGE_TEST_COST < textBound;
    const named = !byRange && byName !== null && byName.count <= trigramBound ? byName : null;
    // A pair of characters is found by uniting the lists of the trigrams it begins, which costs more than testing it
    // on the stories a longer text leaves: beside a text of three characters or more, a pair is tested instead.
    const looked = indexed.some((text) => text.length >= 3) ? indexed.filter((text) => text.length !== 2) : indexed;
    const candidates = byRange || named ? null : this.trigrams.candidates(looked);
    // A text of two or three characters is in every story the index gives for it (its one trigram's, or its pair's),
    // a letter or digit in every story whose mask has its bit, and the name in every story of its index: testing
    // them again on each story's text would be most of the cost of a frequent text.
    const found = (text: string) => (candidates !== null && (text.length === 2 || text.length === 3) && looked.includes(text)) || (text.length === 1 && hasOwnBit(text));
    const tested = {
      ...test,
      needles: needles.filter((text) => !found(text)),
      domain: named?.name === 'domain' ? '' : domain,
      author: named?.name === 'author' ? '' : author,
    };
    const testText = tested.needles.length > 0 || tested.domain !== '' || tested.author !== '';
    const masked = maskLow !== 0 || maskHigh !== 0;
    const { visible, score, time } = this;
    const sort = SEARCH_ORDERS[query.sort];
    const rank = this.ranks[sort];
    const marks = this.rankMarks;
    const marked = this.markedRanks;
    const list = byRange ? inRange.slots : named ? named.slots() : candidates?.slots;
    const end = byRange ? inRange.length : named ? list!.length : candidates === null ? this.slots.size : candidates.length;
    let count = 0;
    // One plain loop: it runs for every candidate, up to every story for a one-character text.
    for (let i = 0; i < end; i++) {
      const slot = list === undefined ? i : list[i]!;
      if (visible[slot] === 0 || score[slot]! < query.minScore || time[slot]! < since) continue;
      if (masked && !this.trigrams.hasCharacters(slot, maskLow, maskHigh)) continue;
      if (testText && !this.textMatches(this.texts[slot]!, tested)) continue;
      const position = rank[slot]!;
      marks[position >>> 5]! |= 1 << (position & 31);
      if (count < WINDOW_SORT_MAX) marked[count] = position;
      count++;
    }
    const order = this.orders[sort];
    const slotAt = (r: number) => order[r]!;
    // Up to RANKS_SORTED_MAX matches, their ranks are sorted rather than read from the bitmap: reading it costs a pass
    // over all of it (62 KB at 500,000 stories) however few the marks.
    const sorted = count <= RANKS_SORTED_MAX ? marked.subarray(0, count).sort() : null;
    const readMarks = (limit: number): ArrayLike<number> => {
      if (sorted) return query.order === 'asc' ? sorted.slice(Math.max(0, count - limit)).reverse() : sorted.subarray(0, limit);
      return query.order === 'asc' ? highestMarks(marks, limit) : lowestMarks(marks, limit);
    };
    const clearMarks = () => {
      if (count > WINDOW_SORT_MAX) marks.fill(0);
      else for (let i = 0; i < count; i++) marks[marked[i]! >>> 5] = 0;
    };
    if (mutes === undefined || mutes.size === 0) {
      const slots = Array.from(readMarks(query.limit), slotAt);
      clearMarks();
      return { slots, totalCount: count, hiddenCount: 0 };
    }
    // With muting rules, the matches are read in order until the page is full of stories they leave: testing every
    // match (every story, for a one-letter text) would cost far more than the search. The hidden count is of those read.
    let slots: number[] = [];
    let hidden = 0;
    for (let read = query.limit; ; read *= 2) {
      const ranks = readMarks(read);
      slots = [];
      hidden = 0;
      for (let i = 0; i < ranks.length && slots.length < query.limit; i++) {
        const slot = order[ranks[i]!]!;
        if (this.mutedSlot(slot, mutes)) hidden++;
        else slots.push(slot);
      }
      if (slots.length === query.limit || ranks.length < read) break;
    }
    clearMarks();
    return { slots, totalCount: count - hidden, hiddenCount: hidden };
  }

  /**
   * Whether a walk of the sort's order is likely to fill the page before its bound: the share of stories that match
   * is estimated from how many stories each text, the name and the range leave (taken as independent), and the walk
   * reads about the page's size over that share of the stories its order holds. Texts, or a text and a range, that
   * seldom meet then skip the walk rather than give it up.
   */
  private walkMayFill(query: SearchQuery, walked: number, bounds: readonly number[]): boolean {
    const stories = this.size;
    const share = bounds.reduce((product, bound) => product * Math.min(1, bound / stories), 1);
    const matches = share * stories;
    return matches > 0 && (query.limit * walked) / matches <= FIRST_PAGE_READS_MAX;
  }

  /**
   * The most stories a walk of the search's order reads: the time order stops at the window's start, the score order
   * at the min score.
   */
  private walkLength(query: SearchQuery, since: number): number {
    const sort = SEARCH_ORDERS[query.sort];
    const descending = query.order !== 'asc';
    if (sort === 'recent') {
      const byTime = this.timeOrderFrom(query.minScore);
      return descending && since !== -Infinity ? countWhile(byTime, (slot) => this.time[slot]! >= since) : byTime.length;
    }
    return descending && sort === 'top' ? countWhile(this.orders.top, (slot) => this.score[slot]! >= query.minScore) : this.orders[sort].length;
  }

  /** Of an exact domain and author, the one with fewer stories in its name index (null when neither is given). */
  private smallerName(domain: string, author: string): { name: 'domain' | 'author'; count: number; slots: () => Int32Array } | null {
    const domainCount = domain === '' ? Infinity : this.domains.count(domain);
    const authorCount = author === '' ? Infinity : this.authors.count(author);
    if (domainCount === Infinity && authorCount === Infinity) return null;
    return domainCount <= authorCount
      ? { name: 'domain', count: domainCount, slots: () => this.domains.slots(domain) }
      : { name: 'author', count: authorCount, slots: () => this.authors.slots(author) };
  }

  /**
   * A search's page without its count (`search` with `counted` false, for the feeds): the sort's order is read in
   * the query's direction, each story tested, until the page is full, so a frequent text costs about a page's worth
   * of stories rather than every story holding it. Stops early where the order allows (the time order past the
   * window, the score order under the min score). Null (when it `mayGiveUp`) when it has tested FIRST_PAGE_TESTS_MAX
   * stories' texts, or read FIRST_PAGE_READS_MAX stories, without filling the page: the matches are rare, and marking
   * the stories that may match (search) finds them sooner.
   */
  private firstPage(
    query: SearchQuery,
    since: number,
    test: TextTest,
    maskLow: number,
    maskHigh: number,
    mutes: MuteMatcher | undefined,
    mayGiveUp: boolean,
  ): { slots: number[]; hidden: number } | null {
    const sort = SEARCH_ORDERS[query.sort];
    const order = sort === 'recent' ? this.timeOrderFrom(query.minScore) : this.orders[sort];
    const descending = query.order !== 'asc';
    const masked = maskLow !== 0 || maskHigh !== 0;
    const muting = mutes !== undefined && mutes.size > 0;
    const slots: number[] = [];
    let hidden = 0;
    let tested = 0;
    // Whether, having done `done` (a power of two) of at most `max` reads or tests, the walk would not fill the page.
    const hopeless = (done: number, max: number) => (done & (done - 1)) === 0 && done * query.limit > slots.length * max;
    for (let i = 0; i < order.length && slots.length < query.limit; i++) {
      if (mayGiveUp && (i === FIRST_PAGE_READS_MAX || (i >= 4 * FIRST_PAGE_CHECKS_FROM && hopeless(i, FIRST_PAGE_READS_MAX)))) return null;
      const slot = order[descending ? i : order.length - 1 - i]!;
      if (this.time[slot]! < since) {
        if (descending && sort === 'recent') break;
        continue;
      }
      if (this.score[slot]! < query.minScore) {
        if (descending && sort === 'top') break;
        continue;
      }
      if (masked && !this.trigrams.hasCharacters(slot, maskLow, maskHigh)) continue;
      if (++tested >= FIRST_PAGE_CHECKS_FROM && mayGiveUp && (tested > FIRST_PAGE_TESTS_MAX || hopeless(tested, FIRST_PAGE_TESTS_MAX))) return null;
      if (!this.textMatches(this.texts[slot]!, test)) continue;
      if (muting && this.mutedSlot(slot, mutes)) hidden++;
      else slots.push(slot);
    }
    return { slots, hidden };
  }

  /**
   * Whether a person's rules hide the story in a slot. Each rule set's verdicts are kept by the story's search text
   * (the same string until the story's title, domain or author change), so a list asked for again tests only the
   * stories it has not met: testing is a few microseconds a story, and a week's window holds ten thousand.
   */
  private mutedSlot(slot: number, mutes: MuteMatcher): boolean {
    if (mutes.hidesId(this.ids[slot]!)) return true;
    let known = this.verdicts.get(mutes);
    if (!known) {
      known = new Map();
      this.verdicts.set(mutes, known);
    }
    const text = this.texts[slot]!;
    let muted = known.get(text);
    if (muted === undefined) {
      if (known.size >= VERDICTS_KEPT) known.clear();
      muted = mutes.mutes({ ...this.storyOfSlot(slot), id: 0 });
      known.set(text, muted);
    }
    return muted;
  }

  /** A story's domain, read from its search text (lower case). */
  private domainOfSlot(slot: number): string {
    const text = this.texts[slot]!;
    const domainStart = text.indexOf('\n') + 1;
    return text.slice(domainStart, text.indexOf('\n', domainStart));
  }

  /** A story's id, title, domain and author, read from its search text (lower case, as filters and rules compare). */
  private storyOfSlot(slot: number): MutableStory {
    return { id: this.ids[slot]!, ...partsOf(this.texts[slot]!) };
  }

  /**
   * Whether a search text holds every needle anywhere, and the domain and author in their lines: as parts, or exact
   * (the domain the story's own or a parent of it, the author the story's own) ('': any).
   */
  private textMatches(text: string, { needles, domain, author, exact }: TextTest): boolean {
    for (const needle of needles) if (!text.includes(needle)) return false;
    if (domain === '' && author === '') return true;
    // The domain is the text's second line, the author its third; neither filter holds a line break.
    const domainStart = text.indexOf('\n') + 1;
    const authorStart = text.indexOf('\n', domainStart) + 1;
    if (domain !== '') {
      const domainEnd = authorStart - 1;
      if (exact) {
        // The line is the domain, or ends with a dot and the domain (isWithinDomain), read in place.
        const at = domainEnd - domain.length;
        if (at < domainStart || !text.startsWith(domain, at) || (at > domainStart && text.charCodeAt(at - 1) !== DOT)) return false;
      } else {
        const at = text.indexOf(domain, domainStart);
        if (at < 0 || at + domain.length > domainEnd) return false;
      }
    }
    if (author === '') return true;
    return exact ? text.length - authorStart === author.length && text.endsWith(author) : text.includes(author, authorStart);
  }

  /** Up to `limit` title words of visible stories containing a text, the most used first. */
  suggestions(text: string, limit: number): string[] {
    return this.vocabulary.suggestions(text.toLowerCase(), limit);
  }

  /**
   * The page of a list, found as the SQL statement finds it (same filters, order, ties and total), with the
   * filter's domain, heat level and muting rules applied to each story on the way. For a complete index only: the
   * domain and the rules are read from the stories' search texts.
   */
  page(sort: StoryListSort, query: StoryListQuery, nowMs: number, filter: ListFilter = {}, { counted = true }: { counted?: boolean } = {}): IndexedListPage {
    const hours = windowHours(sort, query);
    const since = hours === null ? -Infinity : Math.floor(nowMs / 1000) - hours * 3600;
    const first = (query.page - 1) * query.limit;
    const end = first + query.limit;
    const verdict = this.verdictOf(filter, nowMs);
    if (!counted && verdict !== null) {
      // Uncounted (the feeds), the filter is applied only to the stories read until the page is full and one more
      // (whether there is a next page): a rule set then costs a page's worth of stories rather than a window's.
      if (hours !== null && isRanked(sort)) return this.windowFirst(sort, query.minScore, since, first, end, verdict);
      return this.walk(sort, query, since, first, end, verdict, end + 1);
    }
    if (verdict === null) {
      const found = this.prefixPage(sort, query.minScore, since, first, end);
      if (found) return found;
      if (since === -Infinity && sort !== 'fast-risers') {
        // Every story of the order down to the min score is in the list: they are counted on the top order, and the
        // walk stops at the page's end.
        const totalCount = countWhile(this.orders.top, (slot) => this.score[slot]! >= query.minScore);
        return { ...this.walk(sort, query, since, first, end, null, end), totalCount };
      }
    }
    if (hours !== null && isRanked(sort)) return this.windowByRank(sort, query.minScore, since, first, end, verdict);
    return this.walk(sort, query, since, first, end, verdict);
  }

  /**
   * The page of a list whose matches are the start of an order, null for any other: the top list over all stories
   * (its order is by score, so the matches are the stories down to the min score) and the recent list from a min
   * score that is a score floor (that floor's time order, down to the window's start). The total is where the order
   * passes its bound, found by binary search, and the page is read at its offset: no story before it is read.
   */
  private prefixPage(sort: StoryListSort, minScore: number, since: number, first: number, end: number): IndexedListPage | null {
    let order: Int32Array;
    let total: number;
    if (sort === 'top' && since === -Infinity) {
      order = this.orders.top;
      total = countWhile(order, (slot) => this.score[slot]! >= minScore);
    } else if (sort === 'recent' && SCORE_FLOORS.includes(minScore)) {
      order = this.timeOrderFrom(minScore);
      total = countWhile(order, (slot) => this.time[slot]! >= since);
    } else {
      return null;
    }
    return { slots: order.subarray(Math.min(first, total), Math.min(end, total)), totalCount: total, hiddenCount: 0, mutedSlots: NO_SLOTS };
  }

  /** The filter as a test of a slot (null when there is none: the loops then skip it). */
  private verdictOf(filter: ListFilter, nowMs: number): ((slot: number) => number) | null {
    const { domain, heat } = filter;
    const mutes = filter.mutes && filter.mutes.size > 0 ? filter.mutes : undefined;
    if (domain === undefined && heat === undefined && mutes === undefined) return null;
    const showMuted = filter.showMuted === true;
    const heatStory: HeatStory = { score: 0, descendants: 0, scoreVelocity: 0, commentsVelocity: 0, time: 0 };
    return (slot) => {
      if (heat !== undefined) {
        heatStory.score = this.score[slot]!;
        heatStory.descendants = this.descendants[slot]!;
        heatStory.scoreVelocity = this.scoreVelocity[slot]!;
        heatStory.commentsVelocity = this.commentsVelocity[slot]!;
        heatStory.time = this.time[slot]!;
        if (heatLevel(heatStory, nowMs) !== heat) return OUT;
      }
      if (domain === undefined && mutes === undefined) return IN;
      if (domain !== undefined && !isWithinDomain(this.domainOfSlot(slot), domain)) return OUT;
      if (mutes === undefined || !this.mutedSlot(slot, mutes)) return IN;
      return showMuted ? SHOWN_MUTED : HIDDEN_MUTED;
    };
  }

  /**
   * The page from the window's matches, read by time: each match's rank in the sort is marked in a bitmap, and the
   * page is the first..end-th marks in rank order (no sort: reading the marks costs a pass over the bitmap at most,
   * 62 KB at 500,000 stories). When the window holds more than WINDOW_SORT_MAX matches, they are only counted, and
   * the page is found by walking the sort's order, as matches are common enough to find soon.
   */
  private windowByRank(
    sort: RankedSort,
    minScore: number,
    since: number,
    first: number,
    end: number,
    verdict: ((slot: number) => number) | null,
  ): IndexedListPage {
    const byTime = this.timeOrderFrom(minScore);
    const rank = this.ranks[sort];
    const marked = this.markedRanks;
    let count = 0;
    let hidden = 0;
    let mutedRanks: Set<number> | null = null;
    for (let i = 0; i < byTime.length; i++) {
      const slot = byTime[i]!;
      if (this.time[slot]! < since) break;
      if (this.score[slot]! < minScore) continue;
      if (verdict !== null) {
        const found = verdict(slot);
        if (found === OUT) continue;
        if (found !== IN) {
          hidden++;
          // Hidden: counted, and left out of the page and the total.
          if (found === HIDDEN_MUTED) continue;
          (mutedRanks ??= new Set()).add(rank[slot]!);
        }
      }
      if (count < WINDOW_SORT_MAX) marked[count] = rank[slot]!;
      count++;
    }
    if (count > WINDOW_SORT_MAX) {
      const found = this.walk(sort, { minScore, minVelocity: 0 }, since, first, end, verdict, end);
      return { ...found, totalCount: count, hiddenCount: hidden };
    }
    const order = this.orders[sort];
    const ranks = count <= RANKS_SORTED_MAX ? marked.subarray(0, count).sort().subarray(first, end) : this.firstMarked(marked, count, first, end);
    const slots = Array.from(ranks, (r) => order[r]!);
    const mutedSlots = mutedRanks === null ? NO_SLOTS : new Set(Array.from(ranks).filter((r) => mutedRanks.has(r)).map((r) => order[r]!));
    return { slots, totalCount: count, hiddenCount: hidden, mutedSlots };
  }

  /**
   * The page of a window without its count: each story of the window at the min score has its rank in the sort
   * marked, then the marks are read in rank order, the filter applied to each, until the page is full and one more
   * match is found (its total is then end + 1: there is a next page).
   */
  private windowFirst(sort: RankedSort, minScore: number, since: number, first: number, end: number, verdict: (slot: number) => number): IndexedListPage {
    const byTime = this.timeOrderFrom(minScore);
    const rank = this.ranks[sort];
    const marks = this.rankMarks;
    let count = 0;
    for (let i = 0; i < byTime.length; i++) {
      const slot = byTime[i]!;
      if (this.time[slot]! < since) break;
      if (this.score[slot]! < minScore) continue;
      const position = rank[slot]!;
      marks[position >>> 5]! |= 1 << (position & 31);
      count++;
    }
    const order = this.orders[sort];
    const slots: number[] = [];
    let mutedSlots: Set<number> | null = null;
    let matched = 0;
    let hidden = 0;
    visitMarks(marks, (position) => {
      const slot = order[position]!;
      const found = verdict(slot);
      if (found === OUT) return true;
      if (found !== IN) {
        hidden++;
        if (found === HIDDEN_MUTED) return true;
      }
      if (matched >= first && matched < end) {
        slots.push(slot);
        if (found === SHOWN_MUTED) (mutedSlots ??= new Set()).add(slot);
      }
      return ++matched <= end;
    });
    if (count > 0) marks.fill(0);
    return { slots, totalCount: matched, hiddenCount: hidden, mutedSlots: mutedSlots ?? NO_SLOTS };
  }

  /** The first..end-th smallest of `count` ranks, in order, through a bitmap: sorting thousands would cost more. */
  private firstMarked(marked: Int32Array, count: number, first: number, end: number): number[] {
    const marks = this.rankMarks;
    for (let i = 0; i < count; i++) marks[marked[i]! >>> 5]! |= 1 << (marked[i]! & 31);
    const ranks = lowestMarks(marks, end).slice(first);
    for (let i = 0; i < count; i++) marks[marked[i]! >>> 5] = 0;
    return ranks;
  }

  /** The time order of the highest score floor at or under a min score. */
  private timeOrderFrom(minScore: number): Int32Array {
    let floor = 0;
    while (floor + 1 < SCORE_FLOORS.length && SCORE_FLOORS[floor + 1]! <= minScore) floor++;
    return this.timeOrders[floor]!;
  }

  /**
   * The fewer of the visible stories at or over a min score (the head of the score order) and those of a window (the
   * head of the time order from the min score's floor): a set every match of a search lies in. Null when neither
   * leaves any story out.
   */
  private storiesInRange(minScore: number, since: number): { slots: Int32Array; length: number } | null {
    const top = this.orders.top;
    const { score, time } = this;
    const scored = minScore > 0 ? countWhile(top, (slot) => score[slot]! >= minScore) : top.length;
    const byTime = this.timeOrderFrom(minScore);
    const recent = since === -Infinity ? byTime.length : countWhile(byTime, (slot) => time[slot]! >= since);
    if (scored <= recent) return scored < top.length ? { slots: top, length: scored } : null;
    return recent < top.length ? { slots: byTime, length: recent } : null;
  }

  /**
   * The sort's order read from the top, filters checked on each story: to its end, counting every match, or up to
   * `stopAt` matches when the total is known otherwise.
   */
  private walk(
    sort: StoryListSort,
    query: Pick<StoryListQuery, 'minScore' | 'minVelocity'>,
    since: number,
    first: number,
    end: number,
    verdict: ((slot: number) => number) | null,
    stopAt = Infinity,
  ): IndexedListPage {
    const byTime = sort === 'recent';
    const order = byTime ? this.timeOrderFrom(query.minScore) : this.orders[sort];
    const minVelocity = sort === 'fast-risers' ? query.minVelocity : -Infinity;
    const slots: number[] = [];
    let mutedSlots: Set<number> | null = null;
    let matched = 0;
    let hidden = 0;
    for (let i = 0; i < order.length && matched < stopAt; i++) {
      const slot = order[i]!;
      if (this.time[slot]! < since) {
        // The recent order is the time order: every story after this one is older still.
        if (byTime) break;
        continue;
      }
      if (this.score[slot]! < query.minScore || this.scoreVelocity[slot]! < minVelocity) continue;
      let muted = false;
      if (verdict !== null) {
        const found = verdict(slot);
        if (found === OUT) continue;
        if (found !== IN) {
          hidden++;
          if (found === HIDDEN_MUTED) continue;
          muted = true;
        }
      }
      if (matched >= first && matched < end) {
        slots.push(slot);
        if (muted) (mutedSlots ??= new Set()).add(slot);
      }
      matched++;
    }
    return { slots, totalCount: matched, hiddenCount: hidden, mutedSlots: mutedSlots ?? NO_SLOTS };
  }

  private member(sort: StoryListSort, slot: number): boolean {
    return this.visible[slot] === 1 && (sort !== 'fast-risers' || this.riseScore[slot]! > 0);
  }

  /**
   * An order with the changed stories taken out and put back in place, in the order's own buffer: the others are
   * moved up over the gaps, then each changed story's place is found by binary search and the stories after it moved
   * down in one block. A cycle's few thousand changes cost two passes of copying, and no new buffer once the order
   * has room (a buffer grows by half when it needs more), so no garbage for the collector either.
   */
  private merged(old: Int32Array, changedSlots: Int32Array, compare: (a: number, b: number) => number, member: (slot: number) => boolean): Int32Array {
    const changed = this.changed;
    // An order is a view of its buffer from the start: the whole buffer is where it may grow.
    let buffer = new Int32Array(old.buffer, 0, old.buffer.byteLength >>> 2);
    let kept = 0;
    for (let i = 0; i < old.length; i++) {
      const slot = buffer[i]!;
      if (changed[slot] === 0) buffer[kept++] = slot;
    }
    const added = changedSlots.filter(member).sort(compare);
    const length = kept + added.length;
    if (length > buffer.length) {
      const grown = new Int32Array(Math.max(length, Math.ceil(buffer.length * 1.5), 1024));
      grown.set(buffer.subarray(0, kept));
      buffer = grown;
    }
    // From the last added story back, so every block moves into room already free.
    let end = kept;
    for (let j = added.length - 1; j >= 0; j--) {
      const slot = added[j]!;
      let low = 0;
      let high = end;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(buffer[middle]!, slot) < 0) low = middle + 1;
        else high = middle;
      }
      buffer.copyWithin(low + j + 1, low, end);
      buffer[low + j] = slot;
      end = low;
    }
    return buffer.subarray(0, length);
  }

  private rank(sort: PositionedOrder): void {
    const order = this.orders[sort];
    const rank = this.ranks[sort];
    for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.capacity) return;
    const capacity = Math.max(needed, this.capacity * 2, 1024);
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(array: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(array);
      return next;
    };
    this.ids = grow(this.ids, (n) => new Int32Array(n));
    this.score = grow(this.score, (n) => new Int32Array(n));
    this.descendants = grow(this.descendants, (n) => new Int32Array(n));
    this.time = grow(this.time, (n) => new Float64Array(n));
    this.scoreVelocity = grow(this.scoreVelocity, (n) => new Float64Array(n));
    this.commentsVelocity = grow(this.commentsVelocity, (n) => new Float64Array(n));
    this.trendingScore = grow(this.trendingScore, (n) => new Float64Array(n));
    this.riseScore = grow(this.riseScore, (n) => new Float64Array(n));
    this.visible = grow(this.visible, (n) => new Uint8Array(n));
    this.changed = grow(this.changed, (n) => new Uint8Array(n));
    for (const sort of POSITIONED_ORDERS) this.ranks[sort] = grow(this.ranks[sort], (n) => new Int32Array(n));
    this.rankMarks = new Uint32Array((capacity + 31) >>> 5);
    this.capacity = capacity;
  }
}

/** How many slots from the start of an order pass a test that holds for a start of the order and for nothing after. */
export function countWhile(order: Int32Array, passes: (slot: number) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (passes(order[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Visits the marks of a bitmap, lowest first, while `visit` says to go on. */
function visitMarks(marks: Uint32Array, visit: (position: number) => boolean): void {
  for (let w = 0; w < marks.length; w++) {
    let word = marks[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      if (!visit((w << 5) + 31 - Math.clz32(lowest))) return;
      word ^= lowest;
    }
  }
}

/** The positions of the first `limit` marks of a bitmap, lowest first. */
function lowestMarks(marks: Uint32Array, limit: number): number[] {
  const found: number[] = [];
  if (limit > 0) visitMarks(marks, (position) => found.push(position) < limit);
  return found;
}

/** The positions of the last `limit` marks of a bitmap, highest first. */
function highestMarks(marks: Uint32Array, limit: number): number[] {
  const found: number[] = [];
  for (let w = marks.length - 1; w >= 0 && found.length < limit; w--) {
    let word = marks[w]!;
    while (word !== 0 && found.length < limit) {
      const highest = 31 - Math.clz32(word);
      found.push((w << 5) + highest);
      word ^= 1 << highest;
    }
  }
  return found;
}
