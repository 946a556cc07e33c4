import { z } from 'zod';

/** List query conventions of spec §2: page, pageSize, sortBy (default updatedAt), sort asc|desc. */
export const listQuerySchema = z.object({
  // Bounded so page × pageSize stays inside an integer offset (issue 17).
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
  sortBy: z.string().max(40).default('updatedAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int() });
}
export interface ListResponse<T> {
  data: T[];
  total: number;
}

export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const okSchema = z.object({ success: z.boolean() });
