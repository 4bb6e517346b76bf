import { MediationList } from '../../features/admin-mediations/mediation-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/mediations (admins): every mediation request; reassign the mediator or cancel with a chosen refund. */
export function MediationsPage() {
  usePageTitle('Mediations');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Mediations</h1>
        <p className="mt-1 text-muted-foreground">
          Every mediation request, newest first. Reassign a matched or in-progress one, or cancel one that is not finished.
        </p>
      </div>
      <AdminTabs />
      <MediationList />
    </div>
  );
}
