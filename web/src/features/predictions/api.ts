import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Accuracy, DomainEntry, PredictionList, PredictionListView, PredictionOutcome, PredictionUpdate, TrendEntry } from '#common/contracts/predictions.ts';
import { PREDICTIONS_PAGE_SIZE } from '#common/rules/predictions.ts';
import { apiRequest, getJson } from '@/lib/api';
import { RETRIED_DATA } from '@/lib/retry';

/** The prediction calls of part 2 §7; the page shows the spec's failure messages (§8) for each. */
export const PREDICTIONS_KEY = 'predictions';

export function usePredictionList(page: number, view: PredictionListView) {
  return useQuery({
    queryKey: [PREDICTIONS_KEY, 'list', view, page],
    queryFn: () => getJson<PredictionList>(`/api/stories/predictions?page=${page}&limit=${PREDICTIONS_PAGE_SIZE}&view=${view}`),
    placeholderData: keepPreviousData,
    ...RETRIED_DATA,
  });
}

export function useAccuracy() {
  return useQuery({ queryKey: [PREDICTIONS_KEY, 'accuracy'], queryFn: () => getJson<Accuracy>('/api/predictions/accuracy/public'), ...RETRIED_DATA });
}

export function useTrends() {
  return useQuery({
    queryKey: [PREDICTIONS_KEY, 'trends'],
    queryFn: async () => (await getJson<{ trends: TrendEntry[] }>('/api/predictions/trends')).trends,
    ...RETRIED_DATA,
  });
}

export function useDomains() {
  return useQuery({
    queryKey: [PREDICTIONS_KEY, 'domains'],
    queryFn: async () => (await getJson<{ domains: DomainEntry[] }>('/api/predictions/domains')).domains,
    ...RETRIED_DATA,
  });
}

export function useOutcomes() {
  return useQuery({
    queryKey: [PREDICTIONS_KEY, 'outcomes'],
    queryFn: async () => (await getJson<{ outcomes: PredictionOutcome[] }>('/api/predictions/outcomes')).outcomes,
    ...RETRIED_DATA,
  });
}

/** POST /api/predictions/update (no body); every prediction query is read again afterwards. */
export function useUpdatePredictions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PredictionUpdate>('POST', '/api/predictions/update'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [PREDICTIONS_KEY] }),
  });
}
