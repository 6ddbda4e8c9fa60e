import type { InsightFigure, InsightFigureId, ReviewerView } from '@licensure/contracts';
import { api, buildUrl } from '../../platform/api/client';

export const INSIGHT_BASE = '/staff/insight';

export interface InsightPeriod {
  from: string;
  to: string;
}

export const insightKeys = {
  figure: (id: InsightFigureId, period: InsightPeriod) => ['insight', 'figure', id, period] as const,
  reviewer: () => ['insight', 'reviewer'] as const,
};

export const insightApi = {
  figure: (id: InsightFigureId, period: InsightPeriod, signal?: AbortSignal) =>
    api.get<InsightFigure>(`/api/insight/figures/${id}`, { query: { ...period }, signal }),
  exportUrl: (id: InsightFigureId, period: InsightPeriod, format: 'csv' | 'xlsx') =>
    buildUrl(`/api/insight/export/${id}`, { ...period, format }),
  reviewer: (signal?: AbortSignal) => api.get<ReviewerView>('/api/insight/reviewer', { signal }),
};
