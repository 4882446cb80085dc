import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  HourlyPatterns,
  KeywordAlert,
  KeywordAlertsResponse,
  KeywordStories,
  TrendingKeyword,
  TrendsResponse,
} from '#common/contracts/keywords.ts';
import { HOT_KEYWORDS_SHOWN, type KeywordPeriod } from '#common/rules/keyword-trends.ts';
import { matchingAlertKeywords } from '#common/rules/keywords.ts';
import { apiRequest, getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

const keywordData = RETRIED_DATA;

export const ALERTS_KEY = '/api/keyword-alerts';

export function useTrendingKeywords(period: KeywordPeriod) {
  return useQuery({
    queryKey: ['/api/keywords/trending', period],
    queryFn: async () => (await getJson<{ keywords: TrendingKeyword[] }>(`/api/keywords/trending?period=${period}&limit=${HOT_KEYWORDS_SHOWN}`)).keywords,
    ...keywordData,
  });
}

export function useKeywordTrends(period: KeywordPeriod) {
  return useQuery({ queryKey: ['/api/keywords/trends', period], queryFn: () => getJson<TrendsResponse>(`/api/keywords/trends?period=${period}`), ...keywordData });
}

export function useHourlyPatterns(period: KeywordPeriod) {
  return useQuery({
    queryKey: ['/api/keywords/hourly-patterns', period],
    queryFn: () => getJson<HourlyPatterns>(`/api/keywords/hourly-patterns?period=${period}`),
    ...keywordData,
  });
}

/** The stories behind a keyword, fetched when a keyword is opened. */
export function useKeywordStories(keywordId: number | null, period: KeywordPeriod) {
  return useQuery({
    queryKey: ['/api/keywords/stories', keywordId, period],
    queryFn: () => getJson<KeywordStories>(`/api/keywords/${keywordId}/stories?period=${period}`),
    enabled: keywordId !== null,
    ...keywordData,
  });
}

export function useKeywordAlerts(enabled = true) {
  return useQuery({ queryKey: [ALERTS_KEY], queryFn: () => getJson<KeywordAlertsResponse>(ALERTS_KEY), enabled });
}

function useAlertMutation<V>(request: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ALERTS_KEY] }) });
}

export function useCreateAlert() {
  return useAlertMutation((body: { keyword: string; threshold: number }) => apiRequest<{ alert: KeywordAlert }>('POST', ALERTS_KEY, body));
}

export function useSetAlertActive() {
  return useAlertMutation(({ id, isActive }: { id: number; isActive: boolean }) => apiRequest('PATCH', `${ALERTS_KEY}/${id}`, { isActive }));
}

export function useDeleteAlert() {
  return useAlertMutation((id: number) => apiRequest('DELETE', `${ALERTS_KEY}/${id}`));
}

/** The keywords of the person's active alerts that a title mentions, by the rule the server fires alerts with. */
export function useAlertMatches(): (title: string) => string[] {
  const data = useKeywordAlerts().data;
  return useMemo(() => {
    if (!data || data.alerts.length === 0) return () => [];
    const aliases = new Map(Object.entries(data.aliases));
    return (title: string) => matchingAlertKeywords(title, data.alerts, aliases);
  }, [data]);
}
