import { useEffect, useState } from 'react';

/**
 * An announcement's message made safe to render, or null until it is. The sanitiser (DOMPurify) is loaded only
 * when there is a message, so pages without announcements never download it.
 */
export function useSanitizedHtml(message: string | undefined): string | null {
  const [sanitized, setSanitized] = useState<{ message: string; html: string } | null>(null);
  useEffect(() => {
    if (message === undefined) return;
    let current = true;
    void import('@/lib/sanitize').then(({ sanitizeAnnouncementHtml }) => {
      if (current) setSanitized({ message, html: sanitizeAnnouncementHtml(message) });
    });
    return () => {
      current = false;
    };
  }, [message]);
  return sanitized && sanitized.message === message ? sanitized.html : null;
}
