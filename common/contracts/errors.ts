import { z } from 'zod';

/** Every error response: a sentence for people, and for validation errors the fields at fault. */
export const errorResponseSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Answers that are not JSON, declared so the API document lists every answer a route gives. */
export const redirectResponseSchema = z.null().describe('No body: the Location header says where to go');
export const notModifiedResponseSchema = z.null().describe('No body: the copy the client holds (its ETag) is current');
export const imageResponseSchema = (description: string) => z.unknown().describe(description);
