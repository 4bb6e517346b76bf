import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { CaseSide } from '../../../common/enums';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { fetchFeeSplit, refreshCase, startSharePayment } from '../../features/case-sides/api';
import { PaymentDialog } from '../../features/payments/lazy-payment-dialog';
import { displayMoney } from '../../lib/format';

/**
 * Pay what a side owes now (issue 24, decisions 049 and 050): its share of the deposit, or while an approved selection
 * waits for the shares, its share of the balance; one's own, or the other side's on its behalf. It joins the
 * case-sides and payments features, so it lives with the page that uses it (DESIGN 3).
 */
export function SharePaymentButton({
  requestId,
  side,
  mySide,
  due,
}: {
  requestId: string;
  side: CaseSide;
  mySide: CaseSide;
  due: { kind: 'deposit' | 'balance'; amount: string };
}) {
  const [open, setOpen] = useState(false);
  const label = displayMoney(due.amount);
  const own = side === mySide;
  const of = due.kind === 'balance' ? 'the balance' : 'the deposit';
  const refundNote = due.kind === 'deposit' && side === 'second' ? ' The requesting side paid it at submit and is refunded once you pay.' : '';
  const selectionNote = due.kind === 'balance' ? ' The mediator is selected once every share is paid.' : '';
  return (
    <>
      <Button size="sm" variant={own ? 'default' : 'outline'} className="justify-self-start" onClick={() => setOpen(true)}>
        <CreditCard aria-hidden="true" />
        {own ? `Pay your share (${label})` : `Pay their share (${label})`}
      </Button>
      <PaymentDialog
        open={open}
        onOpenChange={setOpen}
        title={own ? `Pay your share of ${of}` : `Pay the other side's share of ${of}`}
        description={
          own
            ? `Pay ${label}, your side's share of ${of}.${refundNote}${selectionNote}`
            : `Pay ${label} on the other side's behalf. The receipt says you paid their share.${selectionNote}`
        }
        amountLabel={label}
        getClientSecret={async () => (await startSharePayment(requestId, side)).clientSecret}
        isSettled={async () => {
          const shares = (await fetchFeeSplit(requestId))?.shares?.[side];
          return (due.kind === 'balance' ? shares?.balanceOutstanding : shares?.depositOutstanding) === '0.00';
        }}
        onPaid={() => {
          setOpen(false);
          toast({ title: 'Payment Successful', description: `${label} is paid toward ${of}.` });
          void refreshCase();
        }}
        onFailed={(message) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' })}
      />
    </>
  );
}
