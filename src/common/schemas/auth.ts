import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { SELF_CHOSEN_ROLES } from '../enums';
import { emailField, requiredText } from './fields';

// Texts verbatim from spec section 5.
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';

const newPassword = z
  .string(PASSWORD_TOO_SHORT)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, 'Password must be at most 200 characters');

export const LoginSchema = z.object({
  email: emailField(),
  password: z.string('Password is required').min(1, 'Password is required').max(200, 'Password is required'),
});
export type Login = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  email: emailField(),
  password: newPassword,
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
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
