/**
 * A keyword alert is announced (the toast, and the sound when the person wants it) once per story per browser
 * session: not again on the next page or a reload, as the spec's "once per card" means to a reader.
 */
const SESSION_KEY = 'hn-trends:announced-alerts';
/** Enough for a long session; the oldest are forgotten first. */
const REMEMBERED = 500;

let inMemory: number[] | null = null;

function announcedIds(): number[] {
  if (inMemory) return inMemory;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '[]');
    inMemory = Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    inMemory = [];
  }
  return inMemory;
}

/** True the first time it is asked about a story in this session, false after. */
export function firstAnnouncement(storyId: number): boolean {
  const ids = announcedIds();
  if (ids.includes(storyId)) return false;
  ids.push(storyId);
  if (ids.length > REMEMBERED) ids.splice(0, ids.length - REMEMBERED);
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(ids));
  } catch {
    // Storage off or full: remembered for this page only.
  }
  return true;
}

/** Forgets what this page read from the session (tests, and a new session in the same page). */
export function resetAnnouncements(): void {
  inMemory = null;
}

/** Length of the chime, in seconds: two short notes. */
const NOTE_SECONDS = 0.12;
/** Quiet: a tenth of full volume at most. */
const PEAK_GAIN = 0.08;

let audio: AudioContext | null = null;

/**
 * A short, quiet two-note chime made in the browser (no sound file to fetch). Browsers allow sound only after
 * the person has interacted with the page; before that the context stays suspended and nothing is heard, which
 * is the right outcome for an alert found while a page loads on its own.
 */
export function playAlertSound(): void {
  const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    const start = audio.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      const at = start + index * NOTE_SECONDS;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(PEAK_GAIN, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
      oscillator.connect(gain).connect(audio!.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS);
    });
  } catch {
    // No audio output: the toast still says it.
  }
}
