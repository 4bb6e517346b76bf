import { useState } from 'react';
import { useParams } from 'react-router';
import { ReceiptPage as ReceiptFrame } from '../../components/receipt/receipt-page';
import { usePayment } from '../../features/payment-history/api';
import { PaymentReceipt } from '../../features/payment-history/receipt';
import { usePageTitle } from '../../lib/use-page-title';

/** /payments/:id/receipt: one payment's receipt (lawyers) or payout statement (mediators), with a Print button. */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const query = usePayment(id);
  const { data } = query;
  // The issue date is when the page was opened, not each render.
  const [issuedAt] = useState(() => new Date());
  usePageTitle(data ? `Receipt · ${data.caseName}` : 'Receipt');
  return (
    <ReceiptFrame back={{ to: '/payments', label: 'Back to payments' }} query={query} notFound="This payment does not exist, or it is not one of yours.">
      {data ? <PaymentReceipt payment={data} issuedAt={issuedAt} /> : null}
    </ReceiptFrame>
  );
}
