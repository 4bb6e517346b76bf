import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import type { CardFormProps } from './form-contract';
import { LocalCardForm } from './local-card-form';
import { usePaymentsConfig } from './payments-config';

// Stripe's form, its React bindings and Stripe.js stay out of every bundle until a stripe payment dialog opens.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

interface Props extends Omit<CardFormProps, 'onBusyChange'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
}

const Loading = () => (
  <div className="grid gap-4" aria-busy="true" aria-label="Loading the payment form">
    <Skeleton className="h-11" />
    <Skeleton className="h-11" />
  </div>
);

/** The payment dialog: the card form of the provider the server runs (GET /api/settings/public), same frame for both. */
export function PaymentDialog({ open, onOpenChange, title, description, ...form }: Props) {
  const config = usePaymentsConfig();
  const [busy, setBusy] = useState(false);

  const body = config.data ? (
    config.data.provider === 'stripe' ? (
      <Suspense fallback={<Loading />}>
        <StripeCardForm {...form} publishableKey={config.data.publishableKey} onBusyChange={setBusy} />
      </Suspense>
    ) : (
      <LocalCardForm {...form} onBusyChange={setBusy} />
    )
  ) : config.error ? (
    <QueryError title="Payment form unavailable" error={config.error} onRetry={config.refetch} retrying={config.isRefetching} />
  ) : (
    <Loading />
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? body : null}
      </DialogContent>
    </Dialog>
  );
}
