import { useRef, type ReactNode } from 'react';
import { HEAT_LEVEL_NAMES, HEAT_LEVELS, heatRuleText, type HeatLevel, type HeatReading } from '#common/rules/heat.ts';
import type { DrawnIcon } from '@/components/drawn-icons';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** One name, icon and colour per level, on story cards, the activity legend and the landing sample alike. */
const HEAT_ICONS: Readonly<Record<HeatLevel, DrawnIcon>> = { viral: 'flame', hot: 'zap', rising: 'arrow-up-right', trending: 'trending-up' };

/** A heat badge; hovering it shows the rule that earned it (`reading`: the card's rule or the landing sample's). */
export function HeatBadge({ level, reading = 'card', className }: { level: HeatLevel; reading?: HeatReading; className?: string }) {
  return (
    <Badge variant={level} data-heat={level} data-icon={HEAT_ICONS[level]} title={`${HEAT_LEVEL_NAMES[level]}: ${heatRuleText(level, reading)}`} className={className}>
      {/* Its own element, so a phone's compact row can leave the icon alone on screen (index.css). */}
      <span>{HEAT_LEVEL_NAMES[level]}</span>
    </Badge>
  );
}

/**
 * 'What the badges mean': a disclosure (native `<details>`, so it works in the server-rendered page before any
 * script runs) whose panel lists each level with its rule in plain words, then `note`. Escape closes it.
 */
export function HeatExplanation({ reading, note, className }: { reading: HeatReading; note: ReactNode; className?: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details
      ref={details}
      // On a narrow screen the open panel takes its own line of the surrounding row, in the flow of the page.
      className={cn('relative max-sm:open:basis-full', className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="cursor-pointer rounded-sm text-sm text-muted-foreground max-sm:text-xs underline decoration-dotted underline-offset-4 hover:text-foreground">
        What the badges mean
      </summary>
      <div className="z-20 mt-2 rounded-lg border bg-popover p-4 text-left text-sm text-popover-foreground shadow-lg sm:absolute sm:right-0 sm:w-[22rem]">
        <dl className="grid gap-3">
          {HEAT_LEVELS.map((level) => (
            <div key={level} className="grid gap-1">
              <dt>
                <HeatBadge level={level} reading={reading} />
              </dt>
              <dd>{heatRuleText(level, reading)}.</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-muted-foreground">{note}</p>
      </div>
    </details>
  );
}
