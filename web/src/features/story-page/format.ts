/**
 * Times on the story page, in UTC and spelled out: the server renders the page and the browser adopts it, so both
 * must write the same text whatever their time zones.
 */
const UTC_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** E.g. 'Nov 18, 14:05 UTC'. */
export function formatUtc(timeMs: number): string {
  return `${UTC_TIME.format(timeMs)} UTC`;
}

export function formatIsoUtc(iso: string): string {
  return formatUtc(Date.parse(iso));
}

/** Made once: toLocaleString with options builds a formatter on every call (about 0.1 ms, for each rate shown). */
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A rate with one decimal below 10 ('4.5'), whole above ('120'). */
export function formatRate(perHour: number): string {
  return perHour < 10 ? ONE_DECIMAL.format(perHour) : WHOLE.format(Math.round(perHour));
}
