import type { HistoryMarkerKind } from '#common/rules/story-history.ts';
import { formatUtc } from './format';

/**
 * One line chart of a story's history, drawn as a small SVG (no charting library: three step lines and a few
 * markers). The plot stretches to its box (non-scaling strokes keep lines crisp); the axes' labels are HTML around
 * it, so their text keeps its size on a phone. The SVG is one image to screen readers (role img, a label that says
 * what it shows, first and last value and the range); the same numbers are in the page's table view.
 */
export interface ChartPoint {
  timeMs: number;
  value: number | null;
}

export interface ChartMarker {
  kind: HistoryMarkerKind;
  timeMs: number;
}

const WIDTH = 1000;
const HEIGHT = 200;

/** Colours by role (Tailwind's palette, a light and a dark variant each), with a dash for markers so colour is not alone. */
const MARKER_STYLE: Readonly<Record<HistoryMarkerKind, { className: string; dash: string; label: string }>> = {
  entered: { className: 'stroke-emerald-600 dark:stroke-emerald-400', dash: '6 4', label: 'Entered the front page' },
  left: { className: 'stroke-rose-600 dark:stroke-rose-400', dash: '2 3', label: 'Left the front page' },
  peak: { className: 'stroke-amber-600 dark:stroke-amber-400', dash: '', label: 'Peak rank' },
};

export const MARKER_LABELS = Object.fromEntries(Object.entries(MARKER_STYLE).map(([kind, style]) => [kind, style.label])) as Record<HistoryMarkerKind, string>;

interface HistoryChartProps {
  title: string;
  /** What the values are, for the label: 'points', 'comments', 'rank'. */
  unit: string;
  points: readonly ChartPoint[];
  startMs: number;
  endMs: number;
  markers: readonly ChartMarker[];
  /** Rank: 1 at the top. */
  inverted?: boolean;
  /** The value axis' fixed ends, when the data should not choose them (rank: 1 to the worst seen). */
  domain?: [number, number];
  testId: string;
}

/**
 * A step line: each snapshot's value holds until the next one (snapshots are written only when something changed),
 * and the last holds to `endMs`. A null value (not ranked) breaks the line. Written as moves across (h, by how far)
 * and up or down (V, to where), each only where the value changes, rather than a line to each point: the server draws
 * three of these, of up to 600 points, for every page, and this is about half the bytes and half the numbers written.
 * Whole units of the view box (about a pixel of the drawn chart) are written as integers, which costs a fraction of
 * toFixed; a move across as the step from the last x (both whole), a digit or two that repeats, where an x was three
 * digits that do not, which the page's compression squeezed less.
 */
function stepPath(points: readonly ChartPoint[], x: (ms: number) => number, y: (value: number) => number, endMs: number): string {
  let path = '';
  // The y being drawn at, as written; null while the line is broken.
  let drawnY: number | null = null;
  // The pen's x, as written.
  let drawnX = 0;
  for (const point of points) {
    if (point.value === null) {
      if (drawnY !== null) path += `h${Math.round(x(point.timeMs)) - drawnX}`;
      drawnY = null;
      continue;
    }
    const pointY = Math.round(y(point.value));
    if (drawnY === null) {
      drawnX = Math.round(x(point.timeMs));
      path += `M${drawnX} ${pointY}`;
    } else if (pointY !== drawnY) {
      const pointX = Math.round(x(point.timeMs));
      path += `h${pointX - drawnX}V${pointY}`;
      drawnX = pointX;
    }
    drawnY = pointY;
  }
  if (drawnY !== null) path += `h${Math.round(x(endMs)) - drawnX}`;
  return path;
}

export function HistoryChart({ title, unit, points, startMs, endMs, markers, inverted = false, domain, testId }: HistoryChartProps) {
  const values = points.map((point) => point.value).filter((value): value is number => value !== null);
  const low = domain?.[0] ?? 0;
  const high = Math.max(domain?.[1] ?? Math.max(0, ...values), low + 1);
  const span = Math.max(1, endMs - startMs);
  const x = (ms: number) => ((ms - startMs) / span) * WIDTH;
  const y = (value: number) => {
    const share = (value - low) / (high - low);
    return inverted ? share * HEIGHT : HEIGHT - share * HEIGHT;
  };
  const first = values[0];
  const last = values.at(-1);
  const label =
    values.length === 0
      ? `${title}: no ${unit} recorded.`
      : `${title} from ${formatUtc(startMs)} to ${formatUtc(endMs)}: ${unit} went from ${first} to ${last}, ${inverted ? `best ${Math.min(...values)}, worst ${Math.max(...values)}` : `highest ${Math.max(...values)}`}.`;
  const top = inverted ? low : high;
  const bottom = inverted ? high : low;

  return (
    <figure className="grid gap-1" data-testid={testId}>
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        {/* The value axis: its two ends, the rank axis' best at the top. */}
        <div className="flex flex-col justify-between text-right text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          <span>{top.toLocaleString('en-US')}</span>
          <span>{bottom.toLocaleString('en-US')}</span>
        </div>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-36 w-full overflow-visible rounded border bg-muted/30 sm:h-44"
          data-inverted={inverted || undefined}
        >
          {[0.25, 0.5, 0.75].map((share) => (
            <line key={share} x1={0} x2={WIDTH} y1={share * HEIGHT} y2={share * HEIGHT} className="stroke-border" vectorEffect="non-scaling-stroke" />
          ))}
          {markers.map((marker) => (
            <line
              key={`${marker.kind}-${marker.timeMs}`}
              data-marker={marker.kind}
              x1={x(marker.timeMs)}
              x2={x(marker.timeMs)}
              y1={0}
              y2={HEIGHT}
              strokeWidth={2}
              strokeDasharray={MARKER_STYLE[marker.kind].dash || undefined}
              className={MARKER_STYLE[marker.kind].className}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={stepPath(points, x, y, endMs)} fill="none" strokeWidth={2} className="stroke-primary" vectorEffect="non-scaling-stroke" data-series={unit} />
        </svg>
        <span />
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{formatUtc(startMs)}</span>
          <span>{formatUtc(endMs)}</span>
        </div>
      </div>
    </figure>
  );
}

/** The markers' key: what each kind of line means, with its dash drawn as the charts draw it. */
export function MarkerLegend({ kinds }: { kinds: readonly HistoryMarkerKind[] }) {
  if (kinds.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Chart markers">
      {kinds.map((kind) => (
        <li key={kind} className="inline-flex items-center gap-1.5">
          <svg width="20" height="10" aria-hidden="true">
            <line x1="0" x2="20" y1="5" y2="5" strokeWidth={2} strokeDasharray={MARKER_STYLE[kind].dash || undefined} className={MARKER_STYLE[kind].className} />
          </svg>
          {MARKER_STYLE[kind].label}
        </li>
      ))}
    </ul>
  );
}
