import { EmailTemplatesCard } from '../../features/admin-settings/email-templates-card';
import { SettingsForm } from '../../features/admin-settings/settings-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/settings (admins): the platform's fees, timings, legal texts and e-mail templates. */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Settings</h1>
        <p className="mt-1 text-muted-foreground">Fees, timings, the legal texts and the e-mails of the platform.</p>
      </div>
      <AdminTabs />
      <SettingsForm />
      <EmailTemplatesCard />
    </div>
  );
}
