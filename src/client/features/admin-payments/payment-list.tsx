import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../common/enums';
import type { AdminPayment } from '../../../common/schemas/admin-lists';
import { PagedListView } from '../../components/paged-list';
import { lazyDialog } from '../../components/lazy-parts';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { useAdminPayments } from './api';
import { PAYMENT_STATUS_LABELS } from './labels';
import { PaymentCard } from './payment-card';

// A payment's ledger (Radix's dialog) loads when first opened (docs/decisions/058).
const LedgerDialog = lazyDialog(() => import('./ledger-dialog').then((m) => m.LedgerDialog));

/** The admins' Payments tab (spec 2 + 7): every payment, by status, newest first with 'Load more'; each opens its ledger. */
export function PaymentList() {
  const statusId = useId();
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [ledgerOf, setLedgerOf] = useState<AdminPayment | null>(null);
  const list = useAdminPayments(status);
  return (
    <div className="grid gap-6">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={statusId}>Status</Label>
        <select
          id={statusId}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          value={status}
          onChange={(e) => setStatus(e.target.value as PaymentStatus | '')}
        >
          <option value="">All statuses</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <PagedListView
        list={list}
        itemKey={(p) => p.id}
        loadingLabel="Loading payments"
        skeletonClassName="h-36"
        className="grid gap-3"
        renderItem={(p) => <PaymentCard payment={p} onOpenLedger={setLedgerOf} />}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
              <Inbox className="size-8" aria-hidden="true" />
              <p>{status ? `No payments are ${PAYMENT_STATUS_LABELS[status].toLowerCase()}.` : 'No payments yet.'}</p>
            </CardContent>
          </Card>
        }
      />
      {ledgerOf ? <LedgerDialog payment={ledgerOf} onOpenChange={(open) => !open && setLedgerOf(null)} /> : null}
    </div>
  );
}
