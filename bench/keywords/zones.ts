/** The time zones of the benchmark's readers: the hourly patterns' cold calls go through them, and the cycles write their answers. */
export const PATTERN_ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'Asia/Tokyo'];
