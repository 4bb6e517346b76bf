import { FileSignature, Lock } from 'lucide-react';
import { useRef } from 'react';
import type { RequestDto, UserDto } from '../../../common/api-types';
import type { CaseSigning } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { useCaseSigning } from './api';
import { EnvelopePanel } from './envelope-panel';
import { SigningCardFrame, useScrollToCard } from './signing-card-frame';
import { isCounsel, newestFirst, signingSeat, type SigningSeat } from './view';

// Each counsel is let in on their own signature (the server holds only those who have not signed), not once all have.
const HELD = 'Until you sign it, the case’s messages, documents and sessions stay closed to you.';
const PER_COUNSEL = 'Each counsel sees the case’s messages, documents and sessions once they have signed.';

function AgreementContent({ requestId, seat, agreement }: { requestId: string; seat: SigningSeat; agreement: CaseSigning['agreement'] }) {
  const root = useRef<HTMLDivElement>(null);
  useScrollToCard('agreement', true, root);
  // A voided envelope (the agreement sent again, e.g. to a counsel who joined later) is replaced by a newer one.
  const envelopes = newestFirst(agreement.envelopes).filter((e) => e.status !== 'void');
  const everyoneSigned = envelopes.length > 0 && envelopes.every((e) => e.status === 'sealed');
  return (
    <SigningCardFrame
      id="agreement"
      ref={root}
      icon={FileSignature}
      title="Agreement to mediate"
      description="The mediator’s terms for this mediation: confidentiality, the mediator’s role, fees and cancellation."
    >
      {isCounsel(seat) && !agreement.signedByMe ? (
        <Alert tone="warning" data-testid="agreement-lock">
          <Lock aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">Sign the agreement to mediate to open this case.</p>
            <p>{HELD}</p>
          </div>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">{everyoneSigned ? 'Every counsel has signed: the case is open.' : PER_COUNSEL}</p>
      )}
      {envelopes.length ? (
        envelopes.map((e) => <EnvelopePanel key={e.id} requestId={requestId} envelope={e} signLabel="Sign the agreement" />)
      ) : (
        <p className="text-sm">The agreement is being prepared; it appears here to be signed.</p>
      )}
    </SigningCardFrame>
  );
}

/**
 * The request page's agreement to mediate (issue 26), id "agreement": only when the selected mediator requires one,
 * for the case's counsel (who sign it), the mediator and admins.
 */
export function AgreementCard({ request, user }: { request: RequestDto; user: Pick<UserDto, 'id' | 'role'> }) {
  const seat = signingSeat(request, user);
  // The term sheet card reads the same query and says when it fails; this card waits to know it is needed.
  const { data } = useCaseSigning(request.id, !!seat);
  if (!seat || !data?.agreement.required) return null;
  return <AgreementContent requestId={request.id} seat={seat} agreement={data.agreement} />;
}
