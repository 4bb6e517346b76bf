import { CircleAlert, Scale } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UserDto } from '../../../common/api-types';
import { splitProblem } from '../../../common/domain/fee-split';
import type { FeeSplitInput } from '../../../common/schemas/fee-split';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { displayMoney, formatDate } from '../../lib/format';
import { useAcceptInvitation, useDeclineInvitation, useInvitationLanding } from './api';
import { forgetInvitation, rememberInvitation } from './pending-invitation';

/** Why a link cannot be used, in the invitee's words (the server's states). */
const UNUSABLE: Record<string, string> = {
  joined: 'This invitation was already used to join the case.',
  declined: 'This invitation was declined.',
  revoked: 'This invitation was withdrawn by the lawyer who sent it.',
  expired: 'This invitation has expired. Ask the lawyer who invited you to send it again.',
};

/**
 * `/invitations/:token`: what the e-mailed link is for (whose case, who invited whom) and the invitee's choice: join
 * (signed in as a lawyer), sign in or create an account first, or decline with an optional reason.
 */
export function InvitationLanding({ token, user }: { token: string; user: UserDto | null }) {
  const navigate = useNavigate();
  const { data, isLoading, error } = useInvitationLanding(token);
  const accept = useAcceptInvitation(token);
  const decline = useDeclineInvitation(token);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [declined, setDeclined] = useState(false);
  const [countering, setCountering] = useState(false);
  const [myShare, setMyShare] = useState('');
  const [shareError, setShareError] = useState<string | null>(null);

  if (isLoading) return <Skeleton className="h-72" />;
  if (error || !data) {
    return (
      <Alert tone="destructive">
        <CircleAlert aria-hidden="true" />
        <p>{error?.message ?? 'This invitation link is not valid.'}</p>
      </Alert>
    );
  }
  const next = `/invitations/${encodeURIComponent(token)}`;
  const join = async () => {
    let answer: FeeSplitInput | undefined;
    if (countering) {
      const mine = myShare.trim() === '' ? NaN : Number(myShare);
      answer = { firstSidePercent: 100 - mine, secondSidePercent: mine };
      const problem = splitProblem(answer);
      if (problem) return setShareError(problem.message);
      setShareError(null);
    }
    try {
      const joined = await accept.mutateAsync(answer);
      forgetInvitation();
      toast({ title: 'You joined the case', description: joined.message });
      navigate(`/requests/${joined.requestId}`);
    } catch (e) {
      toastError('Could not join the case', e);
    }
  };
  const sendDecline = async () => {
    try {
      await decline.mutateAsync(reason);
      forgetInvitation();
      setDeclined(true);
    } catch (e) {
      toastError('Could not decline', e);
    }
  };
  const inviter = `${data.invitedBy.firstName} ${data.invitedBy.lastName}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 font-serif text-2xl">
          <Scale className="size-6 text-primary" aria-hidden="true" />
          Join the mediation
        </CardTitle>
        <CardDescription>
          {inviter}
          {data.invitedBy.firmName ? ` (${data.invitedBy.firmName})` : ''} invited {data.inviteeName} to join as opposing counsel.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid gap-1 rounded-lg border p-4">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Case</dt>
          <dd className="font-medium wrap-anywhere">{data.caseName}</dd>
          <dd className="text-sm text-muted-foreground wrap-anywhere">Case #{data.caseNumber}</dd>
        </dl>
        {data.usable && !declined ? (
          <div className="grid gap-1 rounded-lg border p-4" data-testid="offered-split">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Sharing the fee</p>
            <p className="text-sm">
              {inviter} proposes that your side pays <strong>{data.split.secondSidePercent}%</strong> of the mediator's fee:{' '}
              <strong>{displayMoney(data.split.yourBudget)}</strong>, of which <strong>{displayMoney(data.split.yourDeposit)}</strong> is your share of the
              deposit, due once you join. Joining accepts this split.
            </p>
            {countering ? (
              <FormField
                label="Your side's share instead (%)"
                error={shareError ?? undefined}
                hint="Joining proposes it; the requesting side accepts it or not."
              >
                <Input inputMode="numeric" className="max-w-32" value={myShare} onChange={(e) => setMyShare(e.target.value)} />
              </FormField>
            ) : (
              <Button variant="link" className="justify-self-start px-0" onClick={() => setCountering(true)}>
                Propose a different split
              </Button>
            )}
          </div>
        ) : null}
        {declined ? (
          <Alert tone="info">
            <p>You declined the invitation. {inviter} has been told.</p>
          </Alert>
        ) : !data.usable ? (
          <Alert tone="warning">
            <CircleAlert aria-hidden="true" />
            <p>{UNUSABLE[data.state] ?? 'This invitation can no longer be used.'}</p>
          </Alert>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              As opposing counsel you see what each side shares with you, agree on the mediator with the requesting side, and talk to the mediator privately.
              The link works once, until {formatDate(data.expiresAt)}.
            </p>
            {user?.role === 'lawyer' ? (
              <Button onClick={() => void join()} disabled={accept.isPending}>
                {accept.isPending ? 'Joining...' : `Join as ${user.firstName} ${user.lastName}${countering ? ' and propose my split' : ''}`}
              </Button>
            ) : user ? (
              <Alert tone="warning">
                <CircleAlert aria-hidden="true" />
                <p>
                  Only a lawyer account can join a case as counsel. You are signed in as {user.email}
                  {user.role ? ` (${user.role})` : ''}: sign out and sign in with your lawyer account{user.role ? '' : ', or choose the lawyer role first'}.
                </p>
              </Alert>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                <Button asChild onClick={() => rememberInvitation(token)}>
                  <Link to={`/auth?next=${encodeURIComponent(next)}`}>Sign in to join</Link>
                </Button>
                <Button asChild variant="outline" onClick={() => rememberInvitation(token)}>
                  <Link to={`/auth?tab=signup&next=${encodeURIComponent(next)}`}>Create a lawyer account</Link>
                </Button>
              </div>
            )}
            {declining ? (
              <div className="grid gap-3 rounded-lg border p-4">
                <FormField label="Reason (optional)" hint={`${inviter} sees it.`}>
                  <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
                </FormField>
                <div className="flex flex-wrap gap-2">
                  <Button variant="destructive" onClick={() => void sendDecline()} disabled={decline.isPending}>
                    {decline.isPending ? 'Declining...' : 'Decline invitation'}
                  </Button>
                  <Button variant="ghost" onClick={() => setDeclining(false)}>
                    Back
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="link" className="justify-self-start px-0" onClick={() => setDeclining(true)}>
                Decline this invitation
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
