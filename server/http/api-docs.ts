import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

type Limit = { max: number; windowSeconds: number };

/** A limit in words: "5 an hour". */
export function describeLimit({ max, windowSeconds }: Limit): string {
  const window = windowSeconds === 60 ? 'a minute' : windowSeconds === 3600 ? 'an hour' : `${windowSeconds / 60} minutes`;
  return `${max} ${window}`;
}

/**
 * The API's rate limits, written into the document /api/docs shows: the general limit and the few that are
 * counted elsewhere than the route's own config (brute-force and abuse limits kept in the database), which the
 * modules that count them describe (`moduleNotes`).
 */
export function rateLimitsDescription(config: Config, moduleNotes: readonly string[]): string {
  const general = config.RATE_LIMIT_PER_MINUTE > 0 ? `**${config.RATE_LIMIT_PER_MINUTE} requests a minute** per client address, every call counted by the route it reaches` : 'no general limit (RATE_LIMIT_PER_MINUTE is 0 on this server)';
  return [
    'Trending Hacker News stories, keywords, predictions, accounts and preferences.',
    '',
    '## Rate limits',
    `- The API as a whole: ${general}. A call over a limit is answered 429 with a message saying when to try again and a \`Retry-After\` header.`,
    '- A route with its own limit says so in its description ("Rate limit: …").',
    ...moduleNotes.map((note) => `- ${note}`),
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
