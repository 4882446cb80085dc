import { z } from 'zod';

/** Every error response: a sentence for people, and for validation errors the fields at fault. */
export const errorResponseSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
