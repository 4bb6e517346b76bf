import { PaymentList } from '../../features/admin-payments/payment-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/payments (admins): every escrow payment with its totals and ledger. */
export function PaymentsPage() {
  usePageTitle('Payments');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Payments</h1>
        <p className="mt-1 text-muted-foreground">
          Every payment, newest first: what was charged, refunded, kept as the platform fee and paid to the mediator.
        </p>
      </div>
      <AdminTabs />
      <PaymentList />
    </div>
  );
}
