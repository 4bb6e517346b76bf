import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors under the matching fields; true when any was placed. A form that edits a part of the
 * request body (`{ lawyerProfile: {...} }`) names that part as `prefix` (`lawyerProfile.`): the server's
 * `lawyerProfile.phoneNumber` goes under the form's `phoneNumber`.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[], prefix = ''): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    const field = key.startsWith(prefix) ? key.slice(prefix.length) : undefined;
    if (field !== undefined && fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
