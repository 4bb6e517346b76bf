import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ChangePasswordFormSchema, ChooseRoleSchema, LoginSchema, RegisterSchema, ResetPasswordFormSchema, ResetPasswordSchema } from './auth';
import { ContactSchema } from './contact';

// Spec 5 texts, verbatim.
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

const login = { email: 'ada@example.com', password: 'x' };
const register = { email: 'ada@example.com', password: '12345678', firstName: 'Ada', lastName: 'Lovelace' };

describe('LoginSchema', () => {
  it.each<[Record<string, unknown>, string, string]>([
    [{ email: undefined }, 'email', 'Invalid email address'],
    [{ email: '' }, 'email', 'Invalid email address'],
    [{ email: 'ada' }, 'email', 'Invalid email address'],
    [{ email: 'ada@' }, 'email', 'Invalid email address'],
    [{ email: 'ada@example' }, 'email', 'Invalid email address'],
    [{ email: 42 }, 'email', 'Invalid email address'],
    [{ password: undefined }, 'password', 'Password is required'],
    [{ password: '' }, 'password', 'Password is required'],
  ])('%j → %s: %s', (overrides, path, message) => {
    expect(issuesOf(LoginSchema, { ...login, ...overrides })).toContainEqual({ path, message });
  });

  it('normalises the e-mail (trimmed, lower case) and keeps the password as typed', () => {
    expect(LoginSchema.parse({ email: '  Ada@Example.COM ', password: ' pass ' })).toEqual({ email: 'ada@example.com', password: ' pass ' });
  });
});

describe('RegisterSchema', () => {
  it.each<[Record<string, unknown>, string, string]>([
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ password: '' }, 'password', 'Password must be at least 8 characters'],
    [{ password: '1234567' }, 'password', 'Password must be at least 8 characters'],
    [{ password: undefined }, 'password', 'Password must be at least 8 characters'],
    [{ firstName: undefined }, 'firstName', 'First name is required'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: undefined }, 'lastName', 'Last name is required'],
    [{ lastName: '\t' }, 'lastName', 'Last name is required'],
  ])('%j → %s: %s', (overrides, path, message) => {
    expect(issuesOf(RegisterSchema, { ...register, ...overrides })).toContainEqual({ path, message });
  });

  it('accepts exactly 8 characters and trims names', () => {
    expect(RegisterSchema.parse({ ...register, firstName: '  Ada ', lastName: ' Lovelace' })).toEqual(register);
  });

  it('a password is accepted exactly when it has at least 8 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        expect(RegisterSchema.safeParse({ ...register, password }).success).toBe(password.length >= 8);
      }),
      { numRuns: 500 },
    );
  });
});

describe('password reset and change forms', () => {
  it.each<[z.ZodType, Record<string, unknown>, string, string]>([
    [ResetPasswordSchema, { token: '', password: '12345678' }, 'token', 'The reset link is invalid'],
    [ResetPasswordSchema, { token: 't', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [ResetPasswordFormSchema, { password: '12345678', confirmPassword: '12345679' }, 'confirmPassword', 'Passwords do not match'],
    [
      ChangePasswordFormSchema,
      { currentPassword: '', newPassword: '12345678', confirmPassword: '12345678' },
      'currentPassword',
      'Current password is required',
    ],
    [ChangePasswordFormSchema, { currentPassword: 'old', newPassword: '12345678', confirmPassword: 'x2345678' }, 'confirmPassword', 'Passwords do not match'],
  ])('%#: %j → %s: %s', (schema, input, path, message) => {
    expect(issuesOf(schema, input)).toContainEqual({ path, message });
  });

  it('matching passwords pass', () => {
    expect(ResetPasswordFormSchema.safeParse({ password: '12345678', confirmPassword: '12345678' }).success).toBe(true);
  });
});

describe('ChooseRoleSchema', () => {
  it.each<[unknown, boolean]>([
    ['lawyer', true],
    ['mediator', true],
    ['admin', false], // nobody chooses to be an admin
    ['', false],
    [undefined, false],
  ])('role %j → valid %s', (role, ok) => {
    const result = ChooseRoleSchema.safeParse({ role });
    expect(result.success).toBe(ok);
    if (!ok) expect(issuesOf(ChooseRoleSchema, { role })).toContainEqual({ path: 'role', message: 'Role must be lawyer or mediator' });
  });
});

describe('ContactSchema (all four fields required, e-mail an e-mail)', () => {
  const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question.' };
  it.each<[Record<string, unknown>, string, string]>([
    [{ name: '' }, 'name', 'Name is required'],
    [{ email: 'x' }, 'email', 'Invalid email address'],
    [{ subject: '  ' }, 'subject', 'Subject is required'],
    [{ message: undefined }, 'message', 'Message is required'],
  ])('%j → %s: %s', (overrides, path, message) => {
    expect(issuesOf(ContactSchema, { ...contact, ...overrides })).toContainEqual({ path, message });
  });

  it('accepts a complete message', () => {
    expect(ContactSchema.parse(contact)).toEqual(contact);
  });
});
