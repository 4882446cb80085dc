/**
 * DEMO_START: the moment of the recording the demo replays from, as unix seconds (1614618000) or an ISO date
 * (2021-03-01T17:00:00Z, or 2021-03-01 for midnight UTC).
 */
export function parseDemoStart(text: string): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // A date or date-time without a zone is read as UTC, as the recording's days are.
  const withZone = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(trimmed) ? `${trimmed}Z` : trimmed;
  const milliseconds = /^\d{4}-\d{2}-\d{2}/.test(withZone) ? Date.parse(withZone) : Number.NaN;
  if (Number.isNaN(milliseconds)) {
    throw new Error(`DEMO_START must be unix seconds (1614618000) or an ISO date (2021-03-01T17:00:00Z); got "${text}"`);
  }
  return Math.floor(milliseconds / 1000);
}
