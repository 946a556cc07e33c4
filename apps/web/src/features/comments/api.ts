import { client } from '../../lib/api-client';
import { useApi } from '../../lib/use-api';

export const MENTION_SUGGESTIONS = 6;

/** Accounts whose username or name matches what follows the "@" (GET /users/search). */
export function useMentionSuggestions(q: string | null) {
  return useApi(
    q === null ? null : '/users/search',
    { query: { q: q ?? '', pageSize: MENTION_SUGGESTIONS, sortBy: 'username', sort: 'asc' } },
    { keepPreviousData: true },
  );
}

export const commentsApi = {
  create: (objectType: string, objectId: string, text: string, parentId?: string) =>
    client.post('/comments', { body: { objectType, objectId, text, parentId } }),
  /** Attaches a picture to my comment (PUT /comments/{id}, multipart "file"), with upload progress. */
  attachPhoto: (id: string, file: File, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return client.uploadPut('/comments/{id}', form, { path: { id }, onProgress });
  },
};

/** The "@name" being typed right before the caret, or null. */
export function mentionAt(text: string, caret: number): { query: string; start: number } | null {
  const m = /(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { query: m[2], start: caret - m[2].length - 1 };
}
