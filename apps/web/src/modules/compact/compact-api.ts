import type { CompactFeedFile, CompactFeedFileList } from '@licensure/contracts';
import { api } from '../../platform/api/client';

export const compactApi = {
  files: (currentPage: number) =>
    api.get<CompactFeedFileList>('/api/CompactFeed/files', { query: { currentPage, numPerPage: 25 } }),
  makeNow: () => api.post<CompactFeedFile>('/api/CompactFeed/files'),
  resend: (id: string) => api.post<CompactFeedFile>(`/api/CompactFeed/files/${id}/resend`),
  downloadUrl: (id: string) => `/api/CompactFeed/files/${id}/download`,
};
