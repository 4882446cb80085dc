import { HEAT_LEVELS, HEAT_NO_BADGE_TEXT } from '../../../../../common/rules/heat.ts';
import { HeatBadge, HeatExplanation } from '@/components/heat-badge';

/** The activity legend: the four heat badges, most intense first, and what earns each. */
export function ActivityLegend() {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" aria-label="Activity legend" role="group">
      <span>Activity:</span>
      {HEAT_LEVELS.map((level) => (
        <HeatBadge key={level} level={level} />
      ))}
      <HeatExplanation reading="card" note={HEAT_NO_BADGE_TEXT} />
    </div>
  );
}
