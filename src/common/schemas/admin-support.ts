// The admins' Support tab (RULES.md 7): `GET /api/admin/support`, `PATCH /api/admin/support/{id} { handled }`.
import { z } from 'zod';

export const SupportFilterSchema = z.object({
  handled: z.enum(['true', 'false'], 'handled must be true or false').optional(),
});

export const SupportHandledInputSchema = z.strictObject({ handled: z.boolean('handled must be true or false') }, 'Unknown field');
export type SupportHandledInput = z.infer<typeof SupportHandledInputSchema>;

export const SupportMessageDtoSchema = z.object({
  id: z.guid(),
  /** The signed-in sender, if any (null for a visitor or a removed account). */
  userId: z.guid().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  handledAt: z.iso.datetime().nullable(),
  handledBy: z.object({ id: z.guid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type SupportMessageDto = z.infer<typeof SupportMessageDtoSchema>;
