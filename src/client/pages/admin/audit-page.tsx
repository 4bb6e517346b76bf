import { useSearchParams } from 'react-router';
import { AuditList } from '../../features/admin-audit/audit-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/audit (admins): who did what with admin power, when, to whom. The action filter lives in ?action=. */
export function AuditPage() {
  usePageTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Audit log</h1>
        <p className="mt-1 text-muted-foreground">Every use of admin power, newest first.</p>
      </div>
      <AdminTabs />
      <AuditList action={action} onActionChange={(next) => setParams(next ? { action: next } : {}, { replace: true })} />
    </div>
  );
}
