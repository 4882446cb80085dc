import { z } from 'zod';
import { addressList } from './http/metrics-access.ts';
import type { SiteCredit } from '../web/src/prerendered.ts';

/**
 * Every environment variable the product reads, declared once with its default.
 * The README's configuration table lists the same names (a test checks they agree).
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.max(3_600_000).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt.max(3_600_000).default(3_000),
  DATABASE_POOL_TIMEOUT_MS: positiveInt.max(600_000).default(5_000),
  // The embedded database's page cache (PostgreSQL's shared_buffers), in megabytes (docs/performance.md).
  EMBEDDED_DATABASE_CACHE_MB: positiveInt.min(16).max(2048).default(128),
  // How long the embedded database may go unanswered before the process exits for its supervisor to restart it: a
  // statement PGlite never finishes cannot be ended any other way (docs/operations.md). Longer than any statement.
  EMBEDDED_STALL_EXIT_SECONDS: positiveInt.min(60).max(86_400).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HN_API_URL: z.string().url().default('https://hacker-news.firebaseio.com/v0'),
  HN_POLL_SECONDS: positiveInt.max(86_400).default(60),
  HN_CONCURRENCY: positiveInt.max(100).default(16),
  HN_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  HN_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  HN_MAX_NEW_ITEMS: positiveInt.max(10_000).default(500),
  INGEST_ENABLED: booleanFlag.default(true),
  VELOCITY_WINDOW_HOURS: z.coerce.number().positive().max(48).default(2),
  TRUST_PROXY: booleanFlag.default(false),
  // Each API request's route, status and time, kept for the admin analytics (docs/admin.md).
  API_USAGE_RECORDING: booleanFlag.default(true),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: positiveInt.max(24 * 365).default(24 * 7),
  LOCAL_ACCOUNTS: booleanFlag.default(true),
  ADMIN_EMAILS: z.string().default(''),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
  // The footer's credit (spec part 1 §2): who made the product, and where 'Buy me a coffee' leads (empty: no link).
  CREDIT_NAME: z.string().trim().min(1).max(100).default('the HN Trends contributors'),
  CREDIT_COFFEE_URL: z.union([z.literal(''), z.string().url().max(500)]).default(''),
  // Threads that render pages (the signed-in home, story pages) and compress them, beside the HTTP thread. On two
  // cores a second one bought no pages a second and cost p99 (docs/performance.md); more cores may use more.
  RENDER_THREADS: positiveInt.max(16).default(1),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  // Feed readers poll: each client address may fetch this many feeds a minute (0: no limit), then gets 429 with Retry-After.
  FEED_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // Sign-ups mail the new address, which nobody has confirmed: these cap how much one can aim at others (docs/accounts.md).
  SIGN_UPS_PER_HOUR_PER_ADDRESS: positiveInt.max(1_000_000).default(10),
  SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN: positiveInt.max(1_000_000).default(100),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .superRefine((value, context) => {
      try {
        addressList(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `must be a comma-separated list of IP addresses and CIDR ranges (${(error as Error).message})` });
      }
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// address')
    .optional(),
  EMAIL_FROM: z.string().min(3).max(320).default('HN Trends <no-reply@localhost>'),
  EMAIL_RATE_PER_SECOND: positiveInt.max(10_000).default(50),
  // Emails in flight at once; a crash mid-send may repeat up to this many (docs/email.md).
  EMAIL_SEND_CONCURRENCY: positiveInt.max(20).default(1),
  EMAIL_POLL_SECONDS: positiveInt.max(3600).default(30),
  EMAIL_MAX_ATTEMPTS: positiveInt.max(50).default(8),
  ROLES: z
    .string()
    .default('web,worker')
    .refine((value) => value.split(',').every((role) => role === 'web' || role === 'worker'), {
      message: 'must be a comma-separated list of web and worker',
    }),
});

export type Config = z.infer<typeof configSchema>;

/** The address people use to reach the product; OAuth callbacks and trusted origins derive from it. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** The footer's credit, as the web app reads it (server/web.ts puts it in the pages). */
export function siteCredit(config: Config): SiteCredit {
  return { name: config.CREDIT_NAME, coffeeUrl: config.CREDIT_COFFEE_URL };
}

export function adminEmails(config: Config): string[] {
  return config.ADMIN_EMAILS.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}
export type ConfigKey = keyof Config;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from an environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    // An empty variable means "not set", so `PORT= npm start` falls back to the default.
    input[key] = value === '' ? undefined : value;
  }
  const parsed = configSchema.superRefine((config, context) => {
    // A provider needs its id and secret together; one without the other is a mistake worth stopping for.
    const pairs: [string, string | undefined, string, string | undefined][] = [
      ['GITHUB_CLIENT_ID', config.GITHUB_CLIENT_ID, 'GITHUB_CLIENT_SECRET', config.GITHUB_CLIENT_SECRET],
      ['GOOGLE_CLIENT_ID', config.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', config.GOOGLE_CLIENT_SECRET],
      ['OIDC_CLIENT_ID', config.OIDC_CLIENT_ID, 'OIDC_ISSUER', config.OIDC_ISSUER],
    ];
    for (const [idName, id, otherName, other] of pairs) {
      if (Boolean(id) !== Boolean(other)) {
        context.addIssue({ code: 'custom', path: [id ? otherName : idName], message: `must be set together with ${id ? idName : otherName}` });
      }
    }
  }).safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'config');
    return `${name}: ${issue.message} (got ${JSON.stringify(input[name] ?? null)})`;
  });
  throw new ConfigError(problems);
}

export function hasRole(config: Config, role: 'web' | 'worker'): boolean {
  return config.ROLES.split(',').includes(role);
}
