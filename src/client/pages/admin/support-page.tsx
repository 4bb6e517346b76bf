import { SupportList } from '../../features/admin-support/support-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/support (admins): the messages people sent through the contact form. */
export function SupportPage() {
  usePageTitle('Support');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Support</h1>
        <p className="mt-1 text-muted-foreground">Messages sent through the contact form. Reply by e-mail, then mark them handled.</p>
      </div>
      <AdminTabs />
      <SupportList />
    </div>
  );
}
