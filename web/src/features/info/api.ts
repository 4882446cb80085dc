import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: (message: ContactMessage) => apiRequest('POST', '/api/contact', message) });
}
