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
  /** One of AUDIT_ACTIONS (common/audit-description.ts), e.g. `user.status`, `settings.update`, `dispute.resolve`. */
  action: z.string(),
  /** Null once the acting admin's account was removed. */
  actor: Person.nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target user, when the target is a user that still exists (an anonymised one shows as "Deleted user"). */
  targetUser: Person.nullable(),
  /** What was recorded, as stored (ids, codes, amounts as decimal strings): for machines. */
  details: z.record(z.string(), z.unknown()),
  /** The same entry in words, for people (describeAuditEntry): no id, code or raw value in it. */
  description: z.object({
    title: z.string(),
    by: z.string(),
    target: z.string(),
    lines: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDtoSchema>;
