import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { SELF_CHOSEN_ROLES } from '../enums';
import { emailField } from './fields';

// Texts verbatim from spec section 5.
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';

export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
/** The users table keeps names as varchar(100). */
export const NAME_MAX_LENGTH = 100;

/**
 * What a name may not contain: C0 and C1 controls (CR, LF, tab, NUL, NEL…), the Unicode line and paragraph separators,
 * the bidi embeddings, overrides and isolates (they reorder what is shown around them), and lone surrogates. A name is
 * one line of text; it is quoted in e-mails and on other members' screens.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;

/** A first or last name: required (blank reports `requiredMessage`), one line, trimmed, at most 100 characters. */
export const personName = (requiredMessage: string, label: string) =>
  z
    .string(requiredMessage)
    .refine((value) => value.trim() === '' || !NOT_ONE_LINE.test(value), {
      message: `${label} must be a single line, without line breaks or control characters`,
      abort: true,
    })
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

export const firstNameField = () => personName(FIRST_NAME_REQUIRED, 'First name');
export const lastNameField = () => personName(LAST_NAME_REQUIRED, 'Last name');

const newPassword = z.string(PASSWORD_TOO_SHORT).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password must be at most 200 characters');

/** The profile page's name form: both names, each as at registration. */
export const NamesSchema = z.object({ firstName: firstNameField(), lastName: lastNameField() });
export type Names = z.infer<typeof NamesSchema>;

export const LoginSchema = z.object({
  email: emailField(),
  password: z.string('Password is required').min(1, 'Password is required').max(200, 'Password is required'),
});
export type Login = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  email: emailField(),
  password: newPassword,
  firstName: firstNameField(),
  lastName: lastNameField(),
});
export type Register = z.infer<typeof RegisterSchema>;

export const EmailOnlySchema = z.object({ email: emailField() });
export type EmailOnly = z.infer<typeof EmailOnlySchema>;

export const ResetPasswordSchema = z.object({
  token: z.string('The reset link is invalid').min(1, 'The reset link is invalid').max(200),
  password: newPassword,
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string('Current password is required').min(1, 'Current password is required').max(200),
  newPassword,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ROLE_INVALID = 'Role must be lawyer or mediator';
export const ChooseRoleSchema = z.object({ role: z.enum(SELF_CHOSEN_ROLES, ROLE_INVALID) });
export type ChooseRole = z.infer<typeof ChooseRoleSchema>;

/** The client-side form also confirms the password; the server only takes the fields above. */
export const ResetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const ChangePasswordFormSchema = z
  .object({ currentPassword: ChangePasswordSchema.shape.currentPassword, newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
