import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { CreditCard, Loader2, Lock } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import type { CardFormProps } from './form-contract';
import { loadStripeJs } from './stripe-loader';
import { useSettlement } from './use-settlement';

interface Props extends CardFormProps {
  publishableKey: string | null;
  /** How often the server is asked whether the payment arrived (tests make it short). */
  pollMs?: number;
}

// A stable object: Stripe's element is updated whenever the options object changes. 16px keeps iOS from zooming in.
const CARD_OPTIONS: StripeCardElementOptions = { style: { base: { fontSize: '16px' } } };

/**
 * The `stripe` provider's card form (RULES.md 3): Stripe's card element, confirmed in the browser with Stripe.js,
 * loaded only when this form is shown. The page hears of success only once the server reflects it.
 */
export function StripeCardForm({ publishableKey, ...props }: Props) {
  const [loaded, setLoaded] = useState<{ key: string | null; attempt: number; stripe?: Stripe; error?: Error } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadStripeJs(publishableKey).then(
      (stripe) => current && setLoaded({ key: publishableKey, attempt, stripe }),
      (error: Error) => current && setLoaded({ key: publishableKey, attempt, error }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  const settled = loaded?.key === publishableKey && loaded.attempt === attempt ? loaded : null;
  if (settled?.error) {
    return <QueryError title="Payment form unavailable" error={settled.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (!settled?.stripe) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading the payment form">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    );
  }
  return (
    <Elements stripe={settled.stripe}>
      <CardPayment {...props} testMode={!!publishableKey?.startsWith('pk_test_')} />
    </Elements>
  );
}

function CardPayment({
  amountLabel,
  getClientSecret,
  isSettled,
  onPaid,
  onFailed,
  onBusyChange,
  pollMs = 2000,
  testMode,
}: CardFormProps & { pollMs?: number; testMode: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [confirming, setConfirming] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const settlement = useSettlement(isSettled, onPaid, pollMs);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setFailure(null);
    setConfirming(true);
    onBusyChange(true);
    try {
      const clientSecret = await getClientSecret();
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) throw new Error(result.error.message ?? 'Your card could not be charged.');
      // 'processing' is a card still being authorised; either way the server's word decides from here.
      if (result.paymentIntent.status !== 'succeeded' && result.paymentIntent.status !== 'processing') {
        throw new Error('The payment was not completed. Please try again.');
      }
      settlement.start();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(message);
      onFailed(message);
    } finally {
      setConfirming(false);
      onBusyChange(false);
    }
  };

  if (settlement.waiting) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <p className="font-medium">Processing your payment…</p>
        <p className="text-sm text-muted-foreground">Your card was accepted. This page updates as soon as the payment is confirmed.</p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void pay(event)} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <span id={labelId} className="text-sm leading-none font-medium">
          Card details
        </span>
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={cardError ? `${labelId}-error` : undefined}
          className="rounded-md border border-input bg-background px-3 py-3"
        >
          <CardElement options={CARD_OPTIONS} onChange={(event) => setCardError(event.error?.message ?? null)} />
        </div>
        {cardError ? (
          <p id={`${labelId}-error`} className="text-sm font-medium text-destructive">
            {cardError}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden="true" />
        {testMode ? 'Test mode: use 4242 4242 4242 4242 with any future date and CVC.' : 'Your card details go straight to Stripe, our payment processor.'}
      </p>
      <Button type="submit" size="lg" disabled={confirming || !stripe || !elements}>
        <CreditCard aria-hidden="true" />
        {confirming ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
