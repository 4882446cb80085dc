import { z } from 'zod';

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
  ROLES: z
    .string()
    .default('web,worker')
    .refine((value) => value.split(',').every((role) => role === 'web' || role === 'worker'), {
      message: 'must be a comma-separated list of web and worker',
    }),
});

export type Config = z.infer<typeof configSchema>;
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
  const parsed = configSchema.safeParse(input);
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
