import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { SpriteIcon } from '@/components/sprite-icon';
import { Badge } from '@/components/ui/badge';
import { firstAnnouncement, playAlertSound } from '../alert-announcements';
import { useAlertMatches } from '../api';

type AlertMatcher = (title: string) => string[];

const AlertMatcherContext = createContext<AlertMatcher | null>(null);
const AlertSoundContext = createContext(false);

/** Around the signed-in app: whether an alert's announcement also plays the chime (the keywordAlertsSound preference). */
export function KeywordAlertSound({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <AlertSoundContext.Provider value={enabled}>{children}</AlertSoundContext.Provider>;
}

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
 * alerts, listing the keywords; the first time in the session a story shows it, the 'Keyword Alert Triggered!' toast
 * (and the chime, when the person wants it). The alerts
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
  const sound = useContext(AlertSoundContext);
  useEffect(() => {
    if (!matched || !firstAnnouncement(storyId)) return;
    toast('Keyword Alert Triggered!', { description: `${title} mentions ${matched}` });
    if (sound) playAlertSound();
  }, [matched, storyId, title, sound]);
  if (!matched) return null;
  return (
    <Badge variant="viral" className="ring-2 ring-red-400/60" data-testid="keyword-alert-badge" title={`Matches your keyword alerts: ${matched}`}>
      <SpriteIcon name="bell-ring" />
      Alert: {matched}
    </Badge>
  );
}
