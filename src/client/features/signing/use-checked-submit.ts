import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { firstErrors, messageOf } from './view';

/** Each field's first message, and `message` for what no field explains (the envelope closed, the link used up). */
type Errors<F extends string> = Partial<Record<F, string>> & { message?: string };

/** "signature.text" and "signature.image" are both said under the signature. */
const fieldOf = (path: string) => (path.startsWith('signature') ? 'signature' : path);

/** Zod issues or the server's fieldErrors, under the form's fields; the message only when no field explains it. */
function errorsOf<F extends string>(fields: readonly F[], entries: [string, string][], message?: string): Errors<F> {
  const found = firstErrors(entries.map(([path, text]) => [fieldOf(path), text]));
  const errors = Object.fromEntries(fields.filter((f) => found[f]).map((f) => [f, found[f]])) as Errors<F>;
  if (!Object.keys(errors).length && message) errors.message = message;
  return errors;
}

const issuesOf = (error: z.ZodError): [string, string][] => error.issues.map((i) => [i.path.join('.'), i.message]);

/**
 * A signer's submit (counsel's signature, a party's signature or refusal): the shared schema checks the input
 * first, so nothing is sent while a field is wrong, and the server's fieldErrors then land under the same fields.
 */
export function useCheckedSubmit<S extends z.ZodType, F extends string>(schema: S, fields: readonly F[], send: (input: z.output<S>) => Promise<unknown>) {
  const [errors, setErrors] = useState<Errors<F>>({});
  const submit = async (input: Record<keyof z.input<S>, unknown>) => {
    const checked = schema.safeParse(input);
    if (!checked.success) return setErrors(errorsOf(fields, issuesOf(checked.error)));
    setErrors({});
    try {
      await send(checked.data);
    } catch (e) {
      setErrors(errorsOf(fields, e instanceof ApiError ? Object.entries(e.fieldErrors) : [], messageOf(e)));
    }
  };
  return { errors, submit };
}
