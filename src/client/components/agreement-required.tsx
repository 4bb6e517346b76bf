import { FileSignature, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from './ui/alert';
import { hasErrorCode } from '../lib/api-client';

/**
 * The server's 403 `agreement_required`: a counsel who has not signed the mediator's agreement to mediate asked for the
 * case's messages, documents or sessions (decision 055).
 */
export const isAgreementRequired = (error: unknown): boolean => hasErrorCode(error, 'agreement_required');

/**
 * What a held counsel sees in place of the case's messages or sessions: not a failure to retry, but a step to take,
 * with the way to the agreement card (id "agreement" on the request page).
 */
export function AgreementRequired({ requestId, what }: { requestId: string; what: string }) {
  return (
    <Alert tone="warning" data-testid="agreement-required">
      <Lock aria-hidden="true" />
      <div className="grid min-w-0 gap-2">
        <p className="font-semibold">Sign the agreement to mediate first</p>
        <p>{what} open once you have signed the mediator’s agreement to mediate.</p>
        <Link to={`/requests/${requestId}#agreement`} className="flex items-center gap-2 justify-self-start font-medium underline underline-offset-4">
          <FileSignature className="size-4" aria-hidden="true" />
          Read and sign the agreement
        </Link>
      </div>
    </Alert>
  );
}
