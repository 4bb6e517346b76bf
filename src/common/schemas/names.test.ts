import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NAME_MAX_LENGTH, RegisterSchema } from './auth';
import { ProfileUpdateSchema } from './profile';

// A first or last name is one line of text, at registration and on the profile alike.

const register = { email: 'ada@example.com', password: '12345678', firstName: 'Ada', lastName: 'Lovelace' };
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

const NOT_ONE_LINE: [string, string][] = [
  ['CR LF (header injection)', 'Ada\r\nBcc: victim@example.com'],
  ['LF', 'Ada\nLovelace'],
  ['CR', 'Ada\rX'],
  ['tab', 'Ada\tLovelace'],
  ['NUL', 'Ada\u0000'],
  ['BEL', 'Ada\u0007'],
  ['ESC (terminal escape)', '\u001b[31mAda'],
  ['DEL', 'Ada\u007f'],
  ['NEL (C1)', 'Ada\u0085Lovelace'],
  ['other C1', 'Ada\u009b'],
  ['line separator U+2028', 'Ada\u2028Lovelace'],
  ['paragraph separator U+2029', 'Ada\u2029Lovelace'],
  ['right-to-left override', 'Ada\u202Emoc.live'],
  ['isolate', 'Ada\u2066x\u2069'],
  ['lone surrogate', 'Ada\ud800'],
  ['a trailing control among text', 'Ada Lovelace\u0003'],
];

const FINE = ['Zoë', "O'Brien", 'José María', 'Nguyễn Thị Minh Khai', '李小龍', 'محمد', 'Jean-Luc', 'Ada 👩🏽‍💻', 'St. John', 'X Æ A-12'];

describe.each([
  ['RegisterSchema', RegisterSchema, (field: string, value: unknown) => ({ ...register, [field]: value })],
  ['ProfileUpdateSchema', ProfileUpdateSchema, (field: string, value: unknown) => ({ [field]: value })],
] as const)('names in %s', (_name, schema, body) => {
  describe.each([
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ])('%s', (field, label) => {
    it.each(NOT_ONE_LINE)('refuses %s with a field error that says why', (_what, value) => {
      expect(issuesOf(schema, body(field, value))).toEqual([
        { path: field, message: `${label} must be a single line, without line breaks or control characters` },
      ]);
    });

    it.each(FINE)('accepts %s as typed', (value) => {
      const parsed = schema.parse(body(field, value)) as Record<string, unknown>;
      expect(parsed[field]).toBe(value);
    });

    it('trims, keeps the spec text for a blank name, and caps the length', () => {
      expect((schema.parse(body(field, '  Ada  ')) as Record<string, unknown>)[field]).toBe('Ada');
      for (const blank of ['', '   ', '\n', '\t \r\n']) {
        expect(issuesOf(schema, body(field, blank))).toEqual([{ path: field, message: `${label} is required` }]);
      }
      expect(schema.safeParse(body(field, 'a'.repeat(NAME_MAX_LENGTH))).success).toBe(true);
      expect(issuesOf(schema, body(field, 'a'.repeat(NAME_MAX_LENGTH + 1)))).toEqual([
        { path: field, message: `${label} must be at most ${NAME_MAX_LENGTH} characters` },
      ]);
      expect(schema.safeParse(body(field, 'a'.repeat(100_000))).success).toBe(false);
    });

    it('whatever is accepted is one trimmed line of at most 100 characters (fast-check)', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (value) => {
          const result = schema.safeParse(body(field, value));
          if (!result.success) return;
          const name = (result.data as Record<string, string>)[field];
          expect(name).toBe(name.trim());
          expect(name.length).toBeGreaterThan(0);
          expect(name.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
          expect(name).not.toMatch(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u);
        }),
        { numRuns: 1000, seed: 20260302 },
      );
    });
  });
});
