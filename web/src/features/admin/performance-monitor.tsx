import { Activity, ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PERFORMANCE_MONITOR_INTERVAL_MS } from '#common/rules/admin.ts';
import { Button } from '@/components/ui/button';

interface Reading {
  responseMs: number | null;
  memoryMb: number | null;
  renderMs: number | null;
  apiCalls: number;
}

/** Chrome's heap size; other browsers do not report one. */
const usedHeapMb = (): number | null => {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? memory.usedJSHeapSize / 1_048_576 : null;
};

/**
 * Spec §2.7: response time (the last API call's), memory, render time (how long the browser took to paint the
 * next frame) and the count of API calls since the page opened, updated every second. It watches the browser's own
 * resource timings, so it adds nothing to the calls it counts.
 */
function useReadings(): Reading {
  const [reading, setReading] = useState<Reading>({ responseMs: null, memoryMb: usedHeapMb(), renderMs: null, apiCalls: 0 });
  const latest = useRef({ responseMs: null as number | null, apiCalls: 0 });
  useEffect(() => {
    const isApi = (entry: PerformanceEntry) => new URL(entry.name, window.location.href).pathname.startsWith('/api/');
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!isApi(entry)) continue;
        latest.current.apiCalls++;
        latest.current.responseMs = entry.duration;
      }
    });
    observer.observe({ type: 'resource', buffered: true });
    let frame = 0;
    const timer = setInterval(() => {
      const started = performance.now();
      frame = requestAnimationFrame(() => {
        setReading({ ...latest.current, memoryMb: usedHeapMb(), renderMs: performance.now() - started });
      });
    }, PERFORMANCE_MONITOR_INTERVAL_MS);
    return () => {
      observer.disconnect();
      clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, []);
  return reading;
}

const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

/** The floating, collapsible widget at the bottom right (spec §2.7). */
export function PerformanceMonitor() {
  const [expanded, setExpanded] = useState(true);
  const reading = useReadings();
  return (
    <aside aria-label="Performance monitor" className="fixed right-3 bottom-3 z-40 w-56 rounded-lg border bg-background/95 text-xs shadow-lg backdrop-blur">
      <Button
        variant="ghost"
        size="sm"
        className="w-full justify-between"
        aria-expanded={expanded}
        aria-controls="performance-monitor-readings"
        onClick={() => setExpanded(!expanded)}
      >
        <span className="flex items-center gap-1.5">
          <Activity aria-hidden="true" /> Performance
        </span>
        {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
      </Button>
      {expanded && (
        <dl id="performance-monitor-readings" className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 pb-2 tabular-nums">
          <dt className="text-muted-foreground">Response time</dt>
          <dd data-testid="perf-response">{ms(reading.responseMs)}</dd>
          <dt className="text-muted-foreground">Memory</dt>
          <dd data-testid="perf-memory">{reading.memoryMb === null ? 'n/a' : `${reading.memoryMb.toFixed(1)} MB`}</dd>
          <dt className="text-muted-foreground">Render time</dt>
          <dd data-testid="perf-render">{ms(reading.renderMs)}</dd>
          <dt className="text-muted-foreground">API calls</dt>
          <dd data-testid="perf-api-calls">{reading.apiCalls}</dd>
        </dl>
      )}
    </aside>
  );
}
