import { ArrowUpRight, Flame, TrendingUp, Zap } from 'lucide-react';
import type { HeatLevel } from '../../../../../common/rules/heat.ts';
import { Badge } from '@/components/ui/badge';

export const HEAT_LABELS: Readonly<Record<HeatLevel, string>> = {
  viral: 'Viral',
  hot: 'Hot',
  rising: 'Rising',
  trending: 'Trending',
};

export const HEAT_ICONS = { viral: Flame, hot: Zap, rising: ArrowUpRight, trending: TrendingUp } as const satisfies Record<HeatLevel, unknown>;

export function HeatBadge({ level }: { level: HeatLevel }) {
  const Icon = HEAT_ICONS[level];
  return (
    <Badge variant={level} data-heat={level}>
      <Icon aria-hidden="true" />
      {HEAT_LABELS[level]}
    </Badge>
  );
}
