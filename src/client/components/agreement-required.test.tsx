// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { AgreementRequired, isAgreementRequired } from './agreement-required';

// A counsel held by the agreement to mediate (the server's 403 agreement_required) is shown the step to take, with
// the way to the agreement card, instead of an error to retry.

afterEach(cleanup);

describe('the agreement-required notice', () => {
  it('tells the counsel to sign the agreement and links to the request page’s agreement card', () => {
    render(
      <MemoryRouter>
        <AgreementRequired requestId="r-1" what="The case’s messages" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('agreement-required').textContent).toContain(
      'The case’s messages open once you have signed the mediator’s agreement to mediate.',
    );
    expect(screen.getByRole('link', { name: 'Read and sign the agreement' }).getAttribute('href')).toBe('/requests/r-1#agreement');
  });

  it('is what a 403 agreement_required means, and nothing else', () => {
    const held = new ApiError(403, 'Sign the agreement to mediate before opening this case’s messages, documents and sessions.', 'agreement_required');
    expect(isAgreementRequired(held)).toBe(true);
    expect(isAgreementRequired(new ApiError(403, 'Forbidden', 'forbidden'))).toBe(false);
    expect(isAgreementRequired(new Error('Network down'))).toBe(false);
    expect(isAgreementRequired(null)).toBe(false);
  });
});
