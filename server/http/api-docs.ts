import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { PER_ACCOUNT } from '../modules/accounts/sign-in-limits.ts';
import { ANALYTICS_LIMIT } from '../modules/analytics/routes.ts';
import { CONTACT_LIMIT } from '../modules/contact/routes.ts';

type Limit = { max: number; windowSeconds: number };

function per({ max, windowSeconds }: Limit): string {
  const window = windowSeconds === 60 ? 'a minute' : windowSeconds === 3600 ? 'an hour' : `${windowSeconds / 60} minutes`;
  return `${max} ${window}`;
}

/**
 * The API's rate limits, written into the document /api/docs shows: the general limit and the few that are
 * counted elsewhere than the route's own config (brute-force and abuse limits kept in the database).
 */
export function rateLimitsDescription(config: Config): string {
  const general = config.RATE_LIMIT_PER_MINUTE > 0 ? `**${config.RATE_LIMIT_PER_MINUTE} requests a minute** per client address, every call counted by the route it reaches` : 'no general limit (RATE_LIMIT_PER_MINUTE is 0 on this server)';
  return [
    'Trending Hacker News stories, keywords, predictions, accounts and preferences.',
    '',
    '## Rate limits',
    `- The API as a whole: ${general}. A call over a limit is answered 429 with a message saying when to try again and a \`Retry-After\` header.`,
    '- A route with its own limit says so in its description ("Rate limit: …").',
    `- Sign-in: ${config.SIGN_IN_ATTEMPTS_PER_MINUTE} attempts a minute per address, and ${per(PER_ACCOUNT)} failed attempts per account before the addresses that failed are held back.`,
    `- Sign-up: ${config.SIGN_UPS_PER_HOUR_PER_ADDRESS} an hour per address and ${config.SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN} an hour per email domain.`,
    `- Contact messages: ${per(CONTACT_LIMIT)} per address. Analytics events: ${per(ANALYTICS_LIMIT)} per address.`,
    `- Feeds (\`/feeds/…\`, section "feeds"): ${config.FEED_REQUESTS_PER_MINUTE > 0 ? `${config.FEED_REQUESTS_PER_MINUTE} a minute per client address` : 'no limit on this server (FEED_REQUESTS_PER_MINUTE is 0)'}; they are not counted in the general limit.`,
  ].join('\n');
}

interface RouteLimit {
  max?: unknown;
  timeWindow?: unknown;
}

/** The OpenAPI transform: zod schemas to JSON schema, and a route's own rate limit added to its description. */
export const documentRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const output = jsonSchemaTransform(input);
  const limit = (input.route?.config as { rateLimit?: RouteLimit } | undefined)?.rateLimit;
  if (!limit || typeof limit.max !== 'number') return output;
  const note = `Rate limit: ${limit.max} a ${String(limit.timeWindow ?? 'minute').replace(/^1 /, '')} per client address.`;
  const description = (output.schema as { description?: string }).description;
  return { ...output, schema: { ...output.schema, description: description ? `${description}\n\n${note}` : note } };
};
