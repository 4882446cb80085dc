import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { SpriteIcon } from '@/components/sprite-icon';
import { Badge } from '@/components/ui/badge';
import { useAlertMatches } from '../api';

/** Cards already announced: the toast shows once per card (spec part 1 §4), not on every render or page. */
const announced = new Set<number>();

type AlertMatcher = (title: string) => string[];

const AlertMatcherContext = createContext<AlertMatcher | null>(null);

/** Around a page of stories: the person's alerts read once for every card's badge inside, not once per card. */
export function KeywordAlertsScope({ children }: { children: ReactNode }) {
  return <AlertMatcherContext.Provider value={useAlertMatches()}>{children}</AlertMatcherContext.Provider>;
}

interface KeywordAlertBadgeProps {
  storyId: number;
  title: string;
}

/**
 * The highlighted 'Alert' badge of a story card whose title mentions the keyword of one of the person's active
 * alerts, listing the keywords; the first time a card shows it, the 'Keyword Alert Triggered!' toast. The alerts
 * come from the KeywordAlertsScope around it, or are read here when there is none.
 */
export function KeywordAlertBadge(props: KeywordAlertBadgeProps) {
  const match = useContext(AlertMatcherContext);
  return match ? <MatchedAlertsBadge {...props} match={match} /> : <KeywordAlertBadgeOnItsOwn {...props} />;
}

function KeywordAlertBadgeOnItsOwn(props: KeywordAlertBadgeProps) {
  return <MatchedAlertsBadge {...props} match={useAlertMatches()} />;
}

function MatchedAlertsBadge({ storyId, title, match }: KeywordAlertBadgeProps & { match: AlertMatcher }) {
  const keywords = match(title);
  const matched = keywords.join(', ');
  useEffect(() => {
    if (!matched || announced.has(storyId)) return;
    announced.add(storyId);
    toast('Keyword Alert Triggered!', { description: `${title} mentions ${matched}` });
  }, [matched, storyId, title]);
  if (!matched) return null;
  return (
    <Badge variant="viral" className="ring-2 ring-red-400/60" data-testid="keyword-alert-badge" title={`Matches your keyword alerts: ${matched}`}>
      <SpriteIcon name="bell-ring" />
      Alert: {matched}
    </Badge>
  );
}
