// The admins' Users tab (spec 7 `GET /api/admin/users`, `PATCH /api/admin/users/{userId}/status`,
// `DELETE /api/admin/users/{userId}`; RULES.md 6). Never a password hash or a token.
import { z } from 'zod';
import { SUBSCRIPTION_TIERS, USER_ROLES, USER_STATUSES } from '../enums';

const Amount = z.string().regex(/^\d+\.\d{2}$/);

export const ADMIN_USER_TEXTS = {
  status: 'Status must be pending, approved or suspended',
  role: 'Role must be lawyer, mediator or admin',
  search: 'Search must be at most 100 characters',
  searchNul: 'Search must not contain NUL characters',
  selfSuspend: 'You cannot suspend your own account',
  selfDelete: 'You cannot delete your own account',
  lastAdmin: 'This is the last active admin: make another admin first',
  inProgress: 'This user takes part in mediations that are still open. Cancel them or let them finish before deleting the account.',
  notFound: 'User not found',
} as const;

/** `?search=&role=&status=` plus the page (limit, cursor) the route adds. */
export const AdminUsersFilterSchema = z.object({
  // PostgreSQL text cannot hold NUL: refused here, not at the database (a 500 found by the API fuzzer).
  search: z
    .string()
    .trim()
    .max(100, ADMIN_USER_TEXTS.search)
    .refine((s) => !s.includes('\u0000'), ADMIN_USER_TEXTS.searchNul)
    .optional(),
  role: z.enum(USER_ROLES, ADMIN_USER_TEXTS.role).optional(),
  status: z.enum(USER_STATUSES, ADMIN_USER_TEXTS.status).optional(),
});

export const AdminUserStatusInputSchema = z.strictObject({ status: z.enum(USER_STATUSES, ADMIN_USER_TEXTS.status) }, 'Unknown field');
export type AdminUserStatusInput = z.infer<typeof AdminUserStatusInputSchema>;

/**
 * One row of the list: the account under spec 3's user names (never the password hash or tokens) and a small summary
 * of its profile (firm, tier, rating).
 */
export const AdminUserDtoSchema = z.object({
  id: z.guid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES).nullable(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  profileCompleted: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  lawyer: z.object({ firmName: z.string().nullable(), jurisdiction: z.string(), rating: Amount, reviewCount: z.number().int() }).nullable(),
  mediator: z.object({ subscriptionTier: z.enum(SUBSCRIPTION_TIERS), jurisdiction: z.string(), rating: Amount, reviewCount: z.number().int() }).nullable(),
});
export type AdminUserDto = z.infer<typeof AdminUserDtoSchema>;

/** DELETE answer: `removed` (no history: the rows are gone) or `anonymized` (the rows stay, the person is gone). */
export const AdminUserDeletedSchema = z.object({ id: z.guid(), outcome: z.enum(['removed', 'anonymized']) });
export type AdminUserDeleted = z.infer<typeof AdminUserDeletedSchema>;
