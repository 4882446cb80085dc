import { z } from 'zod';

/** The landing page's figures, measured by this server. */
export const siteStatsSchema = z.object({
  storiesLast30Days: z.number().int().describe('Stories first posted in the last 30 days that this server follows (not dead or deleted)'),
  readersLast24Hours: z
    .number()
    .int()
    .describe('People whose session began or was renewed in the last 24 hours (a session renews at most once a day, at its first use after a day)'),
});
export type SiteStats = z.infer<typeof siteStatsSchema>;
