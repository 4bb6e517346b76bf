import { useId } from 'react';
import { AUDIT_ACTION_LABELS } from '../../../common/audit-description';
import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { PagedListView } from '../../components/paged-list';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { formatDateTime } from '../../lib/format';
import { useAuditLog } from './api';

/** One entry as the server describes it in words (common/audit-description.ts): what, when, by whom, to what. */
function AuditCard({ entry }: { entry: AuditEntryDto }) {
  const { title, by, target, lines } = entry.description;
  return (
    <Card>
      <CardContent className="grid gap-2 p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="font-semibold">{title}</h2>
          <time dateTime={entry.createdAt} className="text-muted-foreground">
            {formatDateTime(entry.createdAt)}
          </time>
        </div>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">By</dt>
          <dd className="min-w-0 wrap-anywhere">{by}</dd>
          <dt className="text-muted-foreground">Target</dt>
          <dd className="min-w-0 wrap-anywhere">{target}</dd>
          {lines.map(({ label, value }, i) => (
            <div key={`${i}-${label}`} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The Audit log tab (RULES.md 6): every use of admin power, newest first, filtered by action. */
export function AuditList({ action, onActionChange }: { action: string; onActionChange: (action: string) => void }) {
  const list = useAuditLog(action);
  const selectId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={selectId}>Action</Label>
        <NativeSelect id={selectId} value={action} onChange={(e) => onActionChange(e.target.value)}>
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <PagedListView
        list={list}
        itemKey={(e) => e.id}
        loadingLabel="Loading the audit log"
        skeletonClassName="h-28"
        className="grid gap-3"
        renderItem={(e) => <AuditCard entry={e} />}
        empty={
          <Card>
            <CardContent className="p-8 text-center text-muted-foreground">
              {action ? 'Nothing recorded for this action yet.' : 'Nothing recorded yet. Every use of admin power appears here.'}
            </CardContent>
          </Card>
        }
      />
    </div>
  );
}
