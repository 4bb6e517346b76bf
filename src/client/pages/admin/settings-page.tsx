import { SettingsForm } from '../../features/admin-settings/settings-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/settings (admins): the platform's fees, timings and legal texts. */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Settings</h1>
        <p className="mt-1 text-muted-foreground">Fees, timings and the legal texts of the platform.</p>
      </div>
      <AdminTabs />
      <SettingsForm />
    </div>
  );
}
