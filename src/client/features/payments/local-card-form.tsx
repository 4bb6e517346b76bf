import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock } from 'lucide-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ApiError, hasErrorCode } from '../../lib/api-client';
import { useConfirmPayment } from './api';
import { CardFormSchema, SERVER_FIELD, type CardFormOutput, type CardFormValues } from './card-form';
import type { CardFormProps } from './form-contract';

const EMPTY: CardFormValues = { name: '', number: '', expiry: '', cvc: '' };

/** "4242424242424242" → "4242 4242 4242 4242" as the person types. */
const formatNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The built-in card form of the `local` provider: behaves like the networks' test cards (RULES.md 3). The server
 * settles the payment inside the confirm call, so its success is the outcome (no waiting for a webhook).
 */
export function LocalCardForm({ amountLabel, getClientSecret, onPaid, onFailed, onBusyChange }: Omit<CardFormProps, 'isSettled'>) {
  const confirm = useConfirmPayment();
  const form = useForm<CardFormValues, unknown, CardFormOutput>({ resolver: zodResolver(CardFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<{ message: string; declined: boolean } | null>(null);
  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  const onSubmit = form.handleSubmit(async ({ number, expiry, cvc }) => {
    setFailure(null);
    try {
      const clientSecret = await getClientSecret();
      await confirm.mutateAsync({ clientSecret, card: { number, expMonth: expiry.expMonth, expYear: expiry.expYear, cvc } });
      form.reset(EMPTY);
      onPaid();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [key, message] of Object.entries(error.fieldErrors)) if (SERVER_FIELD[key]) form.setError(SERVER_FIELD[key], { type: 'server', message });
      }
      const message = error instanceof Error ? error.message : String(error);
      setFailure({ message, declined: hasErrorCode(error, 'payment_declined') });
      onFailed(message);
    }
  });

  const number = form.register('number');
  const cvc = form.register('cvc');
  const reformat =
    <N extends string>(field: UseFormRegisterReturn<N>, format: (v: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Name on card" error={errors.name?.message}>
        <Input autoComplete="cc-name" placeholder="Jane Doe" {...form.register('name')} />
      </FormField>
      <FormField label="Card number" error={errors.number?.message}>
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...number} onChange={reformat(number, formatNumber)} />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <Input inputMode="numeric" autoComplete="cc-exp" placeholder="12/30" {...form.register('expiry')} />
        </FormField>
        <FormField label="CVC" error={errors.cvc?.message}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...cvc} onChange={reformat(cvc, (v) => v.replace(/\D/g, '').slice(0, 4))} />
        </FormField>
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {failure.message}
          {failure.declined ? ' Please try another card.' : ''}
        </p>
      ) : null}
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden="true" />
        Test mode: use 4242 4242 4242 4242 with any future date and CVC.
      </p>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        <CreditCard aria-hidden="true" />
        {isSubmitting ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
