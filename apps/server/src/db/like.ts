/** A user's text made literal inside a SQL LIKE/ILIKE pattern (escapes `\`, `%` and `_`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
