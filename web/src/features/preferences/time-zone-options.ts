import { FALLBACK_TIME_ZONE } from '#common/rules/time-zones.ts';

let known: string[] | null = null;

/**
 * The time zones a person may choose: every zone this browser knows, UTC first, and the person's own even when this
 * browser lists it under another name (Asia/Kolkata, Asia/Calcutta). Read as "Area/City" with spaces.
 */
export function timeZoneOptions(current: string | null): { value: string; label: string }[] {
  known ??= [FALLBACK_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== FALLBACK_TIME_ZONE)];
  const zones = current && !known.includes(current) ? [current, ...known] : known;
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
