import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (2); isolatedModules cannot read it, so the value is spelled out.
const ARGON2ID = 2;

// argon2id with the library's OWASP-level defaults (19 MiB, 2 passes).
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Spent on unknown e-mails so a login's timing does not reveal whether an account exists. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-000');
  await verifyPassword(await dummyHash, password);
}
