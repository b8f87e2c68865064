import { z } from './zod.ts';

/** One field that failed validation: `path` is dotted (`products.0.productId`). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});

/** The one error shape of every API answer that is not 2xx. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The shape of a plain success answer: a code and a message in the request's language. */
export const okSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  message: z.string(),
});
export type Ok = z.infer<typeof okSchema>;
