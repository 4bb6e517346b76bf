// Issue 11, family 3: what a response may not carry to its reader. Keys no answer may ever have, whoever reads it,
// and values (secrets, other people's contact data) given per reader by the tests.

/** Field names that hold secrets: never in any answer, admins' included. */
export const FORBIDDEN_KEYS = [
  'password',
  'passwordHash',
  'verificationToken',
  'verificationTokenExpiresAt',
  'tokenHash',
  'codeHash',
  'resetToken',
  'paymentMethodId',
  'sid',
  'sess',
  'secretKey',
  'webhookSecret',
] as const;

export interface Reader {
  /** Exact strings the reader may not see anywhere in the answer (compared case-insensitively, as substrings). */
  forbiddenValues: string[];
  /** Extra keys this reader may not see. */
  forbiddenKeys: string[];
}

/** Every place in `value` where a forbidden key or value appears, as `path: what`. */
export function findExposures(value: unknown, reader: Reader, path = '$'): string[] {
  const keys = new Set<string>([...FORBIDDEN_KEYS, ...reader.forbiddenKeys]);
  const needles = reader.forbiddenValues.filter((v) => v && v.length >= 6).map((v) => v.toLowerCase());
  const found: string[] = [];
  const walk = (node: unknown, at: string, keysAreFields = true) => {
    if (typeof node === 'string') {
      const lower = node.toLowerCase();
      for (const needle of needles) if (lower.includes(needle)) found.push(`${at}: carries "${needle}"`);
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${at}[${i}]`));
      return;
    }
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (keysAreFields && keys.has(key)) found.push(`${at}.${key}: forbidden field`);
        // An error's `fieldErrors` is keyed by the caller's own input fields (a refused `password` is named so): only
        // its texts are answers.
        walk(child, `${at}.${key}`, key !== 'fieldErrors');
      }
    }
  };
  walk(value, path);
  return found;
}
