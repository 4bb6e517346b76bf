import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors } from './form-errors';

// The server's field errors land under the form's own fields; a form that edits one part of the body (the profile
// page's lawyer and mediator cards send `{ lawyerProfile: {...} }`) takes the part's prefix off first.
const refused = (fieldErrors: Record<string, string>) => new ApiError(400, 'Validation failed', 'bad_request', fieldErrors);

describe('applyServerErrors', () => {
  it.each([
    ['a field of the form', { email: 'Taken' }, ['email'], '', [['email', 'Taken']]],
    ['a field the form does not have', { role: 'Bad' }, ['email'], '', []],
    [
      'a part of the body, its prefix taken off',
      { 'mediatorProfile.hourlyRate': 'Too high' },
      ['hourlyRate', 'bio'],
      'mediatorProfile.',
      [['hourlyRate', 'Too high']],
    ],
    ['another part of the body', { 'lawyerProfile.bio': 'Too long' }, ['bio'], 'mediatorProfile.', []],
    ['an unprefixed key when a prefix is asked', { bio: 'Too long' }, ['bio'], 'lawyerProfile.', []],
  ] as const)('%s', (_case, fieldErrors, fields, prefix, placed) => {
    const setError = vi.fn();
    expect(applyServerErrors(refused(fieldErrors), setError, fields, prefix)).toBe(placed.length > 0);
    expect(setError.mock.calls).toEqual(placed.map(([field, message]) => [field, { type: 'server', message }]));
  });

  it('places nothing for an error that is not the API’s', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new Error('offline'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
