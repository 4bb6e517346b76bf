import { BadgeCheck, Star } from 'lucide-react';
import { useState } from 'react';
import type { AcceptanceDto, RequestDto } from '../../../common/api-types';
import { UserAvatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { hasErrorCode } from '../../lib/api-client';
import { displayMoney, formatRating } from '../../lib/format';
import { usePendingAcceptances, useSelectMediator } from './api';
import { MediatorProfileDialog, type RenderReviews } from './mediator-profile-dialog';
import { isProposal, SelectMediatorConfirm } from './select-mediator-confirm';
import { DisclosureBlock } from './disclosure-block';

function AcceptanceCard({
  acceptance,
  onSelect,
  busy,
  onViewProfile,
  proposes,
}: {
  acceptance: AcceptanceDto;
  onSelect: () => void;
  busy: boolean;
  onViewProfile: () => void;
  /** A two-sided case: the choice is proposed to opposing counsel first (decision 045). */
  proposes: boolean;
}) {
  const m = acceptance.mediator;
  return (
    <Card>
      <CardContent className="grid gap-4 p-5 sm:grid-cols-[auto_1fr_auto] sm:items-start">
        <UserAvatar src={m.profileImageUrl} firstName={m.firstName} lastName={m.lastName} className="size-14 text-lg" />
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">
              {m.firstName} {m.lastName}
            </h3>
            {m.verified ? (
              <Badge tone="green">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Verified
              </Badge>
            ) : null}
            <span className="flex items-center gap-1 text-sm">
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
              {formatRating(m.rating, m.reviewCount)}
              <span className="text-muted-foreground">({m.reviewCount})</span>
            </span>
          </div>
          <p className="text-sm text-muted-foreground wrap-anywhere">
            {m.specialization ?? 'Mediator'} · {m.yearsOfExperience ?? 0} years experience · {displayMoney(m.hourlyRate)}/hour
          </p>
          {m.bio ? <p className="line-clamp-3 text-sm wrap-anywhere">{m.bio}</p> : null}
          <p className="text-sm">
            Proposed rate: <strong>{acceptance.proposedRate ? `${displayMoney(acceptance.proposedRate)}/hour` : 'Your original rate'}</strong>
          </p>
          {acceptance.note ? <blockquote className="border-l-2 pl-3 text-sm italic text-muted-foreground wrap-anywhere">“{acceptance.note}”</blockquote> : null}
          <DisclosureBlock disclosure={acceptance.disclosure} matches={acceptance.conflictMatches} />
        </div>
        <div className="flex gap-2 sm:flex-col">
          <Button onClick={onSelect} disabled={busy}>
            {proposes ? 'Propose Mediator' : 'Select Mediator'}
          </Button>
          <Button variant="outline" onClick={onViewProfile}>
            View profile
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** What is left to pay after the saved card was declined: a client secret for the card form and the amount. */
export interface BalanceDue {
  clientSecret: string;
  amount: string;
}

/**
 * awaiting_selection for the owner: at most three acceptances and 'Select Mediator' (spec 2). When the saved card is
 * declined (402 payment_declined, RULES.md 2.2) the page is handed the balance to collect with another card.
 */
export function SelectionList({
  request,
  onSelected,
  onBalanceDue,
  renderReviews,
}: {
  request: RequestDto;
  /** With the request as the server answered: matched, or (two-sided case) still awaiting selection with a proposal. */
  onSelected: (updated: RequestDto) => unknown;
  onBalanceDue: (balance: BalanceDue) => void;
  /** Shows a mediator's reviews in their profile dialog. */
  renderReviews?: RenderReviews;
}) {
  const { data, isLoading, error, refetch, isRefetching } = usePendingAcceptances(request.id, true);
  const select = useSelectMediator(request.id);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AcceptanceDto | null>(null);

  const onSelect = async (acceptance: AcceptanceDto) => {
    try {
      const updated = await select.mutateAsync(acceptance.mediatorId);
      setConfirming(null);
      await onSelected(updated);
    } catch (error) {
      setConfirming(null);
      if (hasErrorCode(error, 'payment_declined') && typeof error.body.clientSecret === 'string') {
        toast({
          title: 'Payment Failed',
          description: `${error.message} Pay the balance with another card to complete the selection.`,
          variant: 'destructive',
        });
        onBalanceDue({ clientSecret: error.body.clientSecret, amount: displayMoney(String(error.body.amount ?? '')) });
      } else toastError('Selection Failed', error);
    }
  };

  const count = data?.length ?? 0;
  return (
    <section aria-labelledby="selection-heading" className="grid gap-4">
      <h2 id="selection-heading" className="text-xl font-semibold">
        Choose your mediator
      </h2>
      {isLoading ? (
        <Skeleton className="h-40" />
      ) : error && !data ? (
        <QueryError title="The mediators who accepted could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />
      ) : count === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">No mediators have accepted yet. Please check back soon.</CardContent>
        </Card>
      ) : (
        <>
          <p className="text-muted-foreground">
            {count} mediator{count === 1 ? ' has' : 's have'} accepted your request. Review their profiles and select one; you see what is charged to your card
            before you confirm.
          </p>
          <ul className="grid gap-4">
            {data!.map((a) => (
              <li key={a.id}>
                <AcceptanceCard
                  acceptance={a}
                  proposes={isProposal(request, a.mediatorId)}
                  busy={select.isPending}
                  onSelect={() => setConfirming(a)}
                  onViewProfile={() => setProfileId(a.mediatorId)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <SelectMediatorConfirm
        request={request}
        acceptance={confirming}
        busy={select.isPending}
        onConfirm={(a) => void onSelect(a)}
        onClose={() => setConfirming(null)}
      />
      <MediatorProfileDialog mediatorId={profileId} onClose={() => setProfileId(null)} renderReviews={renderReviews} />
    </section>
  );
}
