import { CreditCard, Lock } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CARD_TEXTS, passesLuhn } from '../../../common/schemas/payments';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api-client';
import { useConfirmPayment } from './api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  amountLabel: string;
  /** Fetches a client secret to pay (a new one after a decline, RULES.md 2.6). */
  getClientSecret: () => Promise<string>;
  onPaid: () => void;
  /** Called with the provider's message when the card is declined (the page shows 'Payment Failed'). */
  onDeclined: (message: string) => void;
}

const formatNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The built-in card form of the `local` provider: behaves like the networks' test cards (RULES.md 3). */
export function PaymentDialog({ open, onOpenChange, title, description, amountLabel, getClientSecret, onPaid, onDeclined }: Props) {
  const confirm = useConfirmPayment();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);

  const validate = () => {
    const next: Record<string, string> = {};
    const digits = number.replace(/\D/g, '');
    if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) next.number = CARD_TEXTS.number;
    const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) next.expiry = 'Enter the expiry date as MM/YY';
    if (!/^\d{3,4}$/.test(cvc.trim())) next.cvc = CARD_TEXTS.cvc;
    setErrors(next);
    return { ok: Object.keys(next).length === 0, digits, month: m ? Number(m[1]) : 0, year: m ? Number(m[2]) : 0 };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const v = validate();
    if (!v.ok) return;
    setBusy(true);
    setDeclined(null);
    try {
      const clientSecret = await getClientSecret();
      await confirm.mutateAsync({ clientSecret, card: { number: v.digits, expMonth: v.month, expYear: v.year, cvc: cvc.trim() } });
      setNumber('');
      setExpiry('');
      setCvc('');
      onPaid();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors['card.number']) setErrors({ number: error.fieldErrors['card.number'] });
      else if (error instanceof ApiError && error.fieldErrors['card.expMonth']) setErrors({ expiry: error.fieldErrors['card.expMonth'] });
      const message = error instanceof Error ? error.message : String(error);
      setDeclined(message);
      onDeclined(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Name on card">
            <Input autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Jane Doe" />
          </FormField>
          <FormField label="Card number" error={errors.number}>
            <Input inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(formatNumber(e.target.value))} placeholder="4242 4242 4242 4242" />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField label="Expiry (MM/YY)" error={errors.expiry}>
              <Input inputMode="numeric" autoComplete="cc-exp" value={expiry} onChange={(e) => setExpiry(e.target.value)} placeholder="12/30" />
            </FormField>
            <FormField label="CVC" error={errors.cvc}>
              <Input inputMode="numeric" autoComplete="cc-csc" value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))} placeholder="123" />
            </FormField>
          </div>
          {declined ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
              {declined} Please try another card.
            </p>
          ) : null}
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Lock className="size-3.5" aria-hidden="true" />
            Test mode: use 4242 4242 4242 4242 with any future date and CVC.
          </p>
          <Button type="submit" size="lg" disabled={busy}>
            <CreditCard aria-hidden="true" />
            {busy ? 'Processing...' : `Pay ${amountLabel}`}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
