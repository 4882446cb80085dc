import { HEAT_LEVELS } from '../../../../../common/rules/heat.ts';
import { HeatBadge } from './heat-badge';

/** The activity legend: the four heat badges, most intense first. */
export function ActivityLegend() {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" aria-label="Activity legend" role="group">
      <span>Activity:</span>
      {HEAT_LEVELS.map((level) => (
        <HeatBadge key={level} level={level} />
      ))}
    </div>
  );
}
