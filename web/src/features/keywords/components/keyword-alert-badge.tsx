import { BellRing } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { useAlertMatches } from '../api';

/** Cards already announced: the toast shows once per card (spec part 1 §4), not on every render or page. */
const announced = new Set<number>();

/**
 * The highlighted 'Alert' badge of a story card whose title mentions the keyword of one of the person's active
 * alerts, listing the keywords; the first time a card shows it, the 'Keyword Alert Triggered!' toast.
 */
export function KeywordAlertBadge({ storyId, title }: { storyId: number; title: string }) {
  const keywords = useAlertMatches()(title);
  const matched = keywords.join(', ');
  useEffect(() => {
    if (!matched || announced.has(storyId)) return;
    announced.add(storyId);
    toast('Keyword Alert Triggered!', { description: `${title} mentions ${matched}` });
  }, [matched, storyId, title]);
  if (!matched) return null;
  return (
    <Badge variant="viral" className="ring-2 ring-red-400/60" data-testid="keyword-alert-badge" title={`Matches your keyword alerts: ${matched}`}>
      <BellRing aria-hidden="true" />
      Alert: {matched}
    </Badge>
  );
}
