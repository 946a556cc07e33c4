import { v7 } from 'uuid';

/** Time-ordered UUIDv7, generated in TypeScript (PostgreSQL 15 has no uuidv7()). */
export const newId = (): string => v7();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);
