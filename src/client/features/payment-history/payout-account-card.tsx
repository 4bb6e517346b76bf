import { CircleCheck, ExternalLink, Landmark, Loader2 } from 'lucide-react';
import type { PayoutAccount } from '../../../common/schemas/payment-history';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { usePayoutAccount, useSetUpPayoutAccount } from './api';

function OnboardingButton({ url }: { url: string }) {
  return (
    <Button asChild className="justify-self-start">
      <a href={url}>
        Complete payout setup
        <ExternalLink aria-hidden="true" />
      </a>
    </Button>
  );
}

function AccountState({ account }: { account: PayoutAccount }) {
  const setUp = useSetUpPayoutAccount();
  if (!account.accountId) {
    return (
      <div className="grid gap-3">
        <p>You have no payout account yet. Set one up now so your payouts reach you without delay.</p>
        {setUp.error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {setUp.error.message}
          </p>
        ) : null}
        <Button className="justify-self-start" onClick={() => setUp.mutate()} disabled={setUp.isPending} aria-busy={setUp.isPending}>
          {setUp.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Landmark aria-hidden="true" />}
          {setUp.isPending ? 'Setting up...' : 'Set up payouts'}
        </Button>
      </div>
    );
  }
  if (account.ready) {
    return (
      <p className="flex items-start gap-2">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <span>Your payout account is ready. Payouts are transferred to it automatically once the hold window after each mediation ends.</span>
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="font-medium">We cannot pay you until your payout account is complete.</p>
      {account.requirements.length ? (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Still needed by our payment provider:</p>
          <ul className="list-disc pl-5 text-sm">
            {account.requirements.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Our payment provider is reviewing your details. This page updates once they are approved.</p>
      )}
      {account.onboardingUrl ? <OnboardingButton url={account.onboardingUrl} /> : null}
    </div>
  );
}

/** The mediator's payout account: ready, or what is missing with the provider's onboarding link (RULES.md 3). */
export function PayoutAccountCard() {
  const { data, isLoading, error, refetch, isRefetching } = usePayoutAccount();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payout account</CardTitle>
        <CardDescription>Where we send your payouts and cancellation fees.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div role="status" aria-label="Loading your payout account">
            <Skeleton className="h-16" />
          </div>
        ) : error || !data ? (
          <QueryError error={error} onRetry={refetch} retrying={isRefetching} />
        ) : (
          <AccountState account={data} />
        )}
      </CardContent>
    </Card>
  );
}
