// GET /api/admin/audit-log (RULES.md 6 + 7): who did what with admin power, when, to whom; newest first.
import { z } from 'zod';

export const AuditLogFilterSchema = z.object({
  actorId: z.guid('actorId must be a user id').optional(),
  // PostgreSQL text cannot hold NUL: refused here, not at the database (a 500 found by the API fuzzer).
  targetId: z
    .string()
    .trim()
    .max(64, 'targetId must be at most 64 characters')
    .refine((s) => !s.includes('\u0000'), 'targetId must not contain NUL characters')
    .optional(),
  action: z
    .string()
    .trim()
    .max(60, 'action must be at most 60 characters')
    .refine((s) => !s.includes('\u0000'), 'action must not contain NUL characters')
    .optional(),
});

const Person = z.object({ id: z.guid(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const AuditEntryDtoSchema = z.object({
  id: z.guid(),
  createdAt: z.iso.datetime(),
  /** e.g. `user.status`, `user.delete`, `user.impersonate.start`, `settings.update`, `dispute.resolve`. */
  action: z.string(),
  /** Null once the acting admin's account was removed. */
  actor: Person.nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target user, when the target is a user that still exists (an anonymised one shows as "Deleted user"). */
  targetUser: Person.nullable(),
  /** The target in words when it is a request or a dispute: the case's name and number (null otherwise or once removed). */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The names of the users the details mention by id (a reassignment's `from` and `to`), so no bare id is shown. */
  people: z.record(z.string(), z.string()),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDtoSchema>;
