import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTestimonial, TestimonialRequest } from '@uplift/core/schemas/testimonials';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

// The landing's testimonials (docs/decisions/167-honest-social-proof.md): list, add, edit, delete.

export const useAdminTestimonials = () =>
  useQuery({ queryKey: adminKeys.testimonials(), queryFn: () => api<AdminTestimonial[]>('/api/admin/testimonials', { auth: true }) });

export function useSaveTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TestimonialRequest }) =>
      id === null
        ? api<AdminTestimonial>('/api/admin/testimonials', { method: 'POST', body: input, auth: true })
        : api<AdminTestimonial>(`/api/admin/testimonials/${id}`, { method: 'PUT', body: input, auth: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.testimonials() });
      void queryClient.invalidateQueries({ queryKey: ['testimonials'] });
    },
  });
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string; id: number }>(`/api/admin/testimonials/${id}`, { method: 'DELETE', auth: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.testimonials() });
      void queryClient.invalidateQueries({ queryKey: ['testimonials'] });
    },
  });
}
