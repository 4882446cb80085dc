import { IngestionEvents } from '../hn/events.ts';
import { accountsModule } from './accounts/module.ts';
import { adminModule } from './admin/module.ts';
import { analyticsModule } from './analytics/module.ts';
import { announcementsModule } from './announcements/module.ts';
import { bookmarksModule } from './bookmarks/module.ts';
import { collectionsModule } from './collections/module.ts';
import { contactModule } from './contact/module.ts';
import { emailModule } from './email/module.ts';
import { feedsModule } from './feeds/module.ts';
import { flagsModule } from './flags/module.ts';
import { freshnessModule } from './freshness/module.ts';
import { keywordsModule } from './keywords/module.ts';
import { maintenanceModule } from './maintenance/module.ts';
import type { ServerModule } from './module.ts';
import { mutesModule } from './mutes/module.ts';
import { notesModule } from './notes/module.ts';
import { predictionsModule } from './predictions/module.ts';
import { recommendationsModule } from './recommendations/module.ts';
import { searchModule } from './search/module.ts';
import { settingsModule } from './settings/module.ts';
import { sharesModule } from './shares/module.ts';
import { siteStatsModule } from './site-stats/module.ts';
import { storiesModule } from './stories/module.ts';
import { storyStatusesModule } from './story-statuses/module.ts';
import { systemModule } from './system/module.ts';
import { watchesModule } from './watches/module.ts';

/**
 * The server's features, in the order they are set up: a module comes after the modules whose services it uses
 * (server/modules/module.ts, `Services`), and ingestion's listeners run in this order too (the stories' history
 * digests, then keywords, predictions and the search indexes). Adding a feature is a folder with a module.ts and a line here.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  systemModule,
  mutesModule,
  storiesModule,
  settingsModule,
  freshnessModule,
  siteStatsModule,
  announcementsModule,
  adminModule,
  emailModule,
  accountsModule,
  contactModule,
  maintenanceModule,
  analyticsModule,
  bookmarksModule,
  collectionsModule,
  recommendationsModule,
  watchesModule,
  notesModule,
  flagsModule,
  storyStatusesModule,
  keywordsModule,
  sharesModule,
  predictionsModule,
  searchModule,
  feedsModule,
];

/** Ingestion's hook point with each module's stored-stories listener, in the list's order. */
export function ingestionEventsFor(modules: readonly ServerModule[]): IngestionEvents {
  const events = new IngestionEvents();
  for (const module of modules) if (module.storiesStored) events.onStoriesStored(module.name, module.storiesStored);
  return events;
}
