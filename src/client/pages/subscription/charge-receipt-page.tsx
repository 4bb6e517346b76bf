import { useState } from 'react';
import { useParams } from 'react-router';
import { ReceiptPage } from '../../components/receipt/receipt-page';
import { useSubscriptionCharge } from '../../features/subscription/api';
import { SubscriptionReceipt } from '../../features/subscription/charge-receipt';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

/** /subscription/charges/:id/receipt (mediators): one subscription charge's receipt, with a Print button. */
export function ChargeReceiptPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useSubscriptionCharge(id);
  const { data } = query;
  // The issue date is when the page was opened, not each render.
  const [issuedAt] = useState(() => new Date());
  usePageTitle('Subscription receipt');
  return (
    <ReceiptPage back={{ to: '/subscription', label: 'Back to subscription' }} query={query} notFound="This charge does not exist, or it is not one of yours.">
      {data && user ? (
        <SubscriptionReceipt charge={data} billedTo={{ name: `${user.firstName} ${user.lastName}`, email: user.email }} issuedAt={issuedAt} />
      ) : null}
    </ReceiptPage>
  );
}
