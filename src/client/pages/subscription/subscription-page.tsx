import { useState } from 'react';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { PaymentDialog } from '../../features/payments/lazy-payment-dialog';
import { fetchSubscription, refreshSubscription, useSubscription, useSubscriptionCharges, useUpgradeIntent } from '../../features/subscription/api';
import { SubscriptionChargesList } from '../../features/subscription/charges-list';
import { PlanCard } from '../../features/subscription/plan-card';
import { PLANS, type Plan } from '../../features/subscription/plans';
import { SubscriptionSummary } from '../../features/subscription/subscription-summary';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /subscription (spec 2, mediators): the plan in effect with its period and usage, the three plans, and the charges
 * with their receipts (decision 038). 'Upgrade' pays the new plan's first month in the payment dialog (it joins the
 * subscription and payments features, so it is composed here); the plan changes as soon as the provider confirms the
 * payment.
 */
export function SubscriptionPage() {
  usePageTitle('Subscription');
  const subscription = useSubscription();
  const charges = useSubscriptionCharges();
  const upgrade = useUpgradeIntent();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const choose = (plan: Plan) => {
    setChosen(plan);
    setDialogOpen(true);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Subscription</h1>
        <p className="mt-1 text-muted-foreground">Choose the plan that fits your caseload. Upgrades take effect as soon as the payment goes through.</p>
      </div>
      {subscription.error && !subscription.data ? (
        <QueryError
          title="Your subscription could not be loaded"
          error={subscription.error}
          onRetry={subscription.refetch}
          retrying={subscription.isRefetching}
        />
      ) : !subscription.data ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading your subscription">
          <Skeleton className="h-28" />
          <Skeleton className="h-96" />
        </div>
      ) : (
        <>
          <SubscriptionSummary subscription={subscription.data} />
          <ul className="grid items-stretch gap-6 lg:grid-cols-3" aria-label="Plans">
            {PLANS.map((plan) => (
              <PlanCard key={plan.tier} plan={plan} current={subscription.data.tier} onUpgrade={() => choose(plan)} busy={dialogOpen} />
            ))}
          </ul>
        </>
      )}
      <section aria-labelledby="charges-heading" className="grid gap-3">
        <div>
          <h2 id="charges-heading" className="text-xl font-semibold">
            Charges and receipts
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Every charge for your plan, what was refunded, and a receipt for each.</p>
        </div>
        <SubscriptionChargesList list={charges} />
      </section>
      {chosen ? (
        <PaymentDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title={`Upgrade to ${chosen.name}`}
          description={`Pay ${chosen.price} for your first month of ${chosen.name}. It renews monthly on the same card until you cancel.`}
          amountLabel={chosen.price}
          getClientSecret={async () => (await upgrade.mutateAsync(chosen.tier)).clientSecret}
          isSettled={async () => (await fetchSubscription()).tier === chosen.tier}
          onPaid={() => {
            setDialogOpen(false);
            toast({ title: 'Subscription Updated', description: 'Your subscription has been upgraded successfully.' });
            void refreshSubscription();
          }}
          onFailed={(message) => {
            toast({ title: 'Upgrade Failed', description: message, variant: 'destructive' });
            void refreshSubscription();
          }}
        />
      ) : null}
    </div>
  );
}
