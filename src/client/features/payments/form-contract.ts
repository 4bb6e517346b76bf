/** What the payment dialog gives either card form (the `local` one or Stripe's), so both behave alike for the pages. */
export interface CardFormProps {
  /** "$250.00", shown on the pay button. */
  amountLabel: string;
  /** Fetches a client secret to pay (a new one after a decline, RULES.md 2.6). */
  getClientSecret: () => Promise<string>;
  /**
   * Refetches what the payment changes (the request, the subscription) and says whether the server already shows it
   * paid. With `stripe` the browser's confirmation proves nothing (RULES.md 3): the dialog waits for this to be true.
   */
  isSettled: () => Promise<boolean>;
  onPaid: () => void;
  /** Called with the provider's message when the payment fails (the page shows 'Payment Failed'). */
  onFailed: (message: string) => void;
  /** True while a payment is being confirmed, so the dialog cannot be closed half way. */
  onBusyChange: (busy: boolean) => void;
}
