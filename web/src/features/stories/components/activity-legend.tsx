import { HEAT_LEVELS, HEAT_NO_BADGE_TEXT } from '#common/rules/heat.ts';
import { HeatBadge, HeatExplanation } from '@/components/heat-badge';

/** The activity legend: the four heat badges, most intense first, and what earns each (on a phone, only what earns each). */
export function ActivityLegend() {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" aria-label="Activity legend" role="group">
      {/* A phone keeps the first screen for stories: the explanation alone, which shows every badge. */}
      <span className="max-sm:hidden">Activity:</span>
      {HEAT_LEVELS.map((level) => (
        <HeatBadge key={level} level={level} className="max-sm:hidden" />
      ))}
      <HeatExplanation reading="card" note={HEAT_NO_BADGE_TEXT} />
    </div>
  );
}
