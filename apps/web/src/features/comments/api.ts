import type { Comment, ListResponse, UserBrief } from '@marquee/shared';
import useSWR from 'swr';
import { api } from '../../lib/api';

export const MENTION_SUGGESTIONS = 6;

/** Accounts whose username or name matches what follows the "@" (GET /users/search). */
export function useMentionSuggestions(q: string | null) {
  const key =
    q === null
      ? null
      : `/users/search?${new URLSearchParams({ q, pageSize: String(MENTION_SUGGESTIONS), sortBy: 'username', sort: 'asc' })}`;
  return useSWR<ListResponse<UserBrief>>(key, { keepPreviousData: true });
}

export const commentsApi = {
  create: (objectType: string, objectId: string, text: string, parentId?: string) =>
    api.post<Comment>('/comments', { objectType, objectId, text, parentId }),
  /** Attaches a picture to my comment (PUT /comments/{id}, multipart "file"), with upload progress. */
  attachPhoto: (id: string, file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.upload<Comment>(`/comments/${id}`, form, { method: 'PUT', onProgress });
  },
};

/** The "@name" being typed right before the caret, or null. */
export function mentionAt(text: string, caret: number): { query: string; start: number } | null {
  const m = /(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { query: m[2], start: caret - m[2].length - 1 };
}
