import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsDraft, NewsPreview, NewsSend, NewsUpdate } from '@uplift/core/schemas/news';
import { api } from '../../../lib/api-client';

// News the trust sends (docs/decisions/137): preview, send, and the list of what was sent.

const newsKey = ['admin', 'news'] as const;

export const useNewsList = () => useQuery({ queryKey: newsKey, queryFn: () => api<NewsUpdate[]>('/api/admin/news', { auth: true }) });

export const usePreviewNews = () => useMutation({ mutationFn: (draft: NewsDraft) => api<NewsPreview>('/api/admin/news/preview', { method: 'POST', body: draft, auth: true }) });

export function useSendNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewsSend) => api<NewsUpdate>('/api/admin/news', { method: 'POST', body: input, auth: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsKey }),
  });
}
