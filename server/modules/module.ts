import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { MailTransport } from '../email/transport.ts';
import type { IngestionEvents, StoriesStoredListener } from '../hn/events.ts';
import type { UserResolver } from '../http/access.ts';
import type { DatabaseRateLimiter } from '../http/rate-limit.ts';
import type { Metrics } from '../metrics.ts';
import type { Auth } from './accounts/auth.ts';
import type { AccountsService } from './accounts/service.ts';
import type { AuditLog } from './admin/audit.ts';
import type { ApiUsageRecorder } from './analytics/api-usage.ts';
import type { AnnouncementsService } from './announcements/service.ts';
import type { EmailControlsService } from './email/controls.ts';
import type { EmailService } from './email/service.ts';
import type { FreshnessService } from './freshness/service.ts';
import type { KeywordsService } from './keywords/service.ts';
import type { MaintenanceService } from './maintenance/service.ts';
import type { MutesService } from './mutes/service.ts';
import type { PredictionsService } from './predictions/service.ts';
import type { SearchService } from './search/service.ts';
import type { SettingsService } from './settings/service.ts';
import type { StoryHistoryService } from './stories/history.ts';
import type { CycleTrigger, StoriesService } from './stories/service.ts';

export type AppServer = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What the process gives the app: its configuration and the resources every module may use. */
export interface ModuleDeps {
  config: Config;
  pool: pg.Pool;
  db: Db;
  metrics: Metrics;
  /** Starts an ingestion cycle somewhere (the job queue in production). */
  trigger: CycleTrigger;
  now: () => number;
  /** Where mail goes; by default SMTP_URL's server, or none (mail stays in the outbox). Tests pass their own. */
  mailTransport?: MailTransport | null;
}

/**
 * The services one module offers the others, by name. A module that provides a service adds it here; the module
 * list's order (server/modules/index.ts) puts each provider before the modules that use it.
 */
export interface Services {
  settings: SettingsService;
  audit: AuditLog;
  announcements: AnnouncementsService;
  email: EmailService;
  emailControls: EmailControlsService;
  maintenance: MaintenanceService;
  mutes: MutesService;
  stories: StoriesService;
  /** A story's page data (the history), which the server also renders story pages from. */
  storyHistory: StoryHistoryService;
  /** People's accounts and preferences. */
  accounts: AccountsService;
  freshness: FreshnessService;
  keywords: KeywordsService;
  search: SearchService;
  predictions: PredictionsService;
  /** Where API requests are recorded for the admin analytics (absent when API_USAGE_RECORDING is off). */
  apiUsage: ApiUsageRecorder;
}

export class ServiceRegistry {
  private readonly services: Partial<Services> = {};

  provide<K extends keyof Services>(name: K, service: Services[K]): Services[K] {
    if (this.services[name]) throw new Error(`Two modules provide the service "${name}"`);
    this.services[name] = service;
    return service;
  }

  get<K extends keyof Services>(name: K): Services[K] {
    const service = this.services[name];
    if (!service) throw new Error(`No module has provided the service "${name}" yet: a module that needs it comes before its provider in server/modules/index.ts`);
    return service;
  }
}

/** A job a module runs on a schedule, through the job queue (every instance offers it; the worker role works it). */
export interface ModuleJob {
  /** The queue's name, and what the job is called in the logs. */
  queue: string;
  intervalSeconds: number;
  /** A run that has not finished in this long is given up. */
  expireInSeconds: number;
  run: () => Promise<void>;
  /** Given the way to ask for a run now, for a module that has work as soon as something happens (mail queued). */
  whenRequestable?: (requestNow: () => void) => void;
}

/** What a module's setup receives: the app's shared parts, and the places it plugs into. */
export interface ModuleContext {
  deps: ModuleDeps;
  server: AppServer;
  log: FastifyBaseLogger;
  /** Who is calling: the signed-in person of a request, or null. */
  resolveUser: UserResolver;
  auth: Auth;
  /** Limits that must hold across instances (sign-in, contact), counted in the database. */
  limiter: DatabaseRateLimiter;
  /** A named secret, created on first use and shared by every instance. */
  secret(name: string): Promise<string>;
  services: ServiceRegistry;
  ingestion: IngestionEvents;
  addJob(job: ModuleJob): void;
  /** Where the built web app is (pages that fill in its HTML shell read it). */
  webDistDir: string;
}

/**
 * A feature of the server: its routes, services, jobs and listeners, plugged in by being listed in
 * server/modules/index.ts. Nothing else in the app names it.
 */
export interface ServerModule {
  name: string;
  /**
   * Runs in each ingestion cycle once its stories are stored, under the cycle's lock (once across instances). Kept
   * apart from setup so that tools and benchmarks that run ingestion without the HTTP app get the same listeners.
   */
  storiesStored?: StoriesStoredListener;
  /** Lines for the API document's "Rate limits" section, for limits counted outside a route's own config. */
  rateLimitNotes?: (config: Config) => string[];
  /**
   * Hooks the module adds to every request, whichever module's route it is (and the not-found answer). Every
   * module's run first, before any route: Fastify gives a hook only to the routes registered after it.
   */
  requestHooks?(context: Pick<ModuleContext, 'deps' | 'server' | 'services'>): void;
  setup(context: ModuleContext): Promise<void>;
}
