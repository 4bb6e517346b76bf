import { DisputeList } from '../../features/admin-disputes/dispute-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/disputes (admins): the problems lawyers reported, to resolve. One tab of the admin dashboard. */
export function DisputesPage() {
  usePageTitle('Disputes');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Disputes</h1>
        <p className="mt-1 text-muted-foreground">Problems lawyers reported within the payout hold window. The payout waits until you resolve each one.</p>
      </div>
      <AdminTabs />
      <DisputeList />
    </div>
  );
}
