import { useSearchParams } from 'react-router';
import { PublicLayout } from '../../app/layouts/public-layout';
import { UnsubscribeConfirm } from '../../features/notifications/unsubscribe-confirm';
import { usePageTitle } from '../../lib/use-page-title';

/** `/unsubscribe?token=…` (or `?invalid=true`): where GET /api/email/unsubscribe sends an e-mail's link. */
export function UnsubscribePage() {
  usePageTitle('Email notifications');
  const [params] = useSearchParams();
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-md px-4 py-12">
        <UnsubscribeConfirm token={params.get('token')} invalid={params.get('invalid') === 'true'} />
      </div>
    </PublicLayout>
  );
}
