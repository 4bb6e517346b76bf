import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { useAdminSettings } from '../../features/admin-settings/api';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

// The form and the e-mail templates (react-hook-form and the templates' texts: most of the page's code) are chunks of
// their own, fetched as the page opens side by side with the settings they show (docs/decisions/058).
const SettingsForm = lazy(() => import('../../features/admin-settings/settings-form').then((m) => ({ default: m.SettingsForm })));
const EmailTemplatesCard = lazy(() => import('../../features/admin-settings/email-templates-card').then((m) => ({ default: m.EmailTemplatesCard })));

/** /admin/settings (admins): the platform's fees, timings, legal texts and e-mail templates. */
export function SettingsPage() {
  usePageTitle('Settings');
  // Asked here, not only by the form, so the settings travel while the form's code does.
  useAdminSettings();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Settings</h1>
        <p className="mt-1 text-muted-foreground">Fees, timings, the legal texts and the e-mails of the platform.</p>
      </div>
      <AdminTabs />
      <Suspense fallback={<PageLoading />}>
        <SettingsForm />
        <EmailTemplatesCard />
      </Suspense>
    </div>
  );
}
