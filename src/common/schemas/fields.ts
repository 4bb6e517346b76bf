import { z } from 'zod';

/** A required text field: missing, non-string or blank all report `message` (spec section 5 texts). */
export const requiredText = (message: string, max = 200) => z.string(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Optional free text: blank becomes null so "cleared" and "never set" look the same. */
export const optionalText = (max = 200) =>
  z
    .string('Must be text')
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = (message = 'Invalid email address') => z.string(message).trim().toLowerCase().max(254, message).pipe(z.email(message));

/** Tags (certifications, specializations): trimmed, blanks ignored, duplicates dropped (spec section 5). */
export const tagList = () => tagEntries().default([]);

/** The same list without the empty default, for partial updates where "absent" must stay absent. */
export const tagEntries = () =>
  z
    .array(z.string('Each entry must be text').max(100, 'Each entry must be at most 100 characters'), 'Must be a list')
    .max(30, 'At most 30 entries')
    .transform((tags) => {
      const seen = new Set<string>();
      const result: string[] = [];
      for (const raw of tags) {
        const tag = raw.trim();
        const key = tag.toLowerCase();
        if (tag && !seen.has(key)) {
          seen.add(key);
          result.push(tag);
        }
      }
      return result;
    });
