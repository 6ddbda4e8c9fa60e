import type { NemsisExportCheck } from '@licensure/contracts';
import { api } from '../../platform/api/client';

/** The NEMSIS export routes: validate an export (the report), and where to download it. */
export const nemsisApi = {
  checkService: (serviceId: string) =>
    api.post<NemsisExportCheck>(`/api/nemsis/services/${serviceId}/dem/check`),
  checkState: () => api.post<NemsisExportCheck>('/api/nemsis/state/check'),
  serviceDownload: (serviceId: string) => `/api/nemsis/services/${serviceId}/dem.xml`,
  stateDownload: '/api/nemsis/state.xml',
};
