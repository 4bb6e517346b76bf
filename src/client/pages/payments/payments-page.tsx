import { CalendarDays, FilePlus2, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { useDashboardFigures, usePayments } from '../../features/payment-history/api';
import { PaymentsList, type PaymentViewer } from '../../features/payment-history/payments-list';
import { PayoutAccountCard } from '../../features/payment-history/payout-account-card';
import { StatCard } from '../../components/stat-card';
import { useCurrentUser } from '../../lib/current-user';
import { displayMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

function EmptyState({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 px-4 py-10 text-center text-muted-foreground sm:px-10">
        <Wallet className="size-10" aria-hidden="true" />
        {children}
        {action}
      </CardContent>
    </Card>
  );
}

/** 'This Month' from the dashboard's own figure, so the two pages always agree. */
function ThisMonth() {
  const { data, isLoading, error, refetch, isRefetching } = useDashboardFigures(true);
  if (error && !data) return <QueryError title="This month's earnings could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />;
  return (
    <StatCard
      label="This Month"
      icon={CalendarDays}
      loading={isLoading}
      value={data?.role === 'mediator' ? displayMoney(data.thisMonthEarnings ?? '0') : ''}
      hint="Payouts and cancellation fees transferred to you since the 1st"
    />
  );
}

function MediatorEarnings() {
  const list = usePayments();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Earnings</h1>
        <p className="mt-1 text-muted-foreground">What you have been paid, what is on its way, and where we send it.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ThisMonth />
        <PayoutAccountCard />
      </div>
      <section aria-labelledby="payouts-heading" className="grid min-w-0 gap-4">
        <h2 id="payouts-heading" className="text-xl font-semibold">
          Payouts
        </h2>
        <PaymentsList
          list={list}
          viewer="mediator"
          empty={
            <EmptyState>
              <p>No payouts yet.</p>
              <p className="max-w-md text-sm">
                When a lawyer selects you, the mediation appears here. Its payout is transferred after you mark it complete and the hold window ends.
              </p>
            </EmptyState>
          }
        />
      </section>
    </div>
  );
}

function PaymentHistory({ viewer }: { viewer: Exclude<PaymentViewer, 'mediator'> }) {
  const list = usePayments();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Payments</h1>
        <p className="mt-1 text-muted-foreground">
          {viewer === 'admin'
            ? 'Every payment on the platform, newest first.'
            : 'Each deposit and balance you paid, what was refunded, and a receipt for each.'}
        </p>
      </div>
      <PaymentsList
        list={list}
        viewer={viewer}
        empty={
          <EmptyState
            action={
              viewer === 'lawyer' ? (
                <Button asChild>
                  <Link to="/requests/new">
                    <FilePlus2 aria-hidden="true" />
                    New Request
                  </Link>
                </Button>
              ) : null
            }
          >
            <p>No payments yet.</p>
            {viewer === 'lawyer' ? (
              <p className="max-w-md text-sm">When you pay the deposit for a mediation request, the payment appears here with its receipt.</p>
            ) : null}
          </EmptyState>
        }
      />
    </div>
  );
}

/** /payments (spec 2): the lawyer's payments and receipts; for mediators the same route is their Earnings. */
export function PaymentsPage() {
  const { user } = useCurrentUser();
  const viewer: PaymentViewer = user?.role === 'mediator' ? 'mediator' : user?.role === 'admin' ? 'admin' : 'lawyer';
  usePageTitle(viewer === 'mediator' ? 'Earnings' : 'Payments');
  if (!user) return null;
  return viewer === 'mediator' ? <MediatorEarnings /> : <PaymentHistory viewer={viewer} />;
}
