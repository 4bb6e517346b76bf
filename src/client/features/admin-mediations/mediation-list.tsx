import { Inbox, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { REQUEST_STATUS_LABELS } from '../../../common/domain/request-status';
import { REQUEST_STATUSES, type RequestStatus } from '../../../common/enums';
import type { AdminMediation } from '../../../common/schemas/admin-lists';
import { lazyDialog } from '../../components/lazy-parts';
import { PagedListView } from '../../components/paged-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useAdminMediations, type MediationFilters } from './api';
import { MediationCard } from './mediation-card';

// The actions' dialogs (their forms and zod) load when one is first opened (docs/decisions/058).
const ReassignDialog = lazyDialog(() => import('./reassign-dialog').then((m) => m.ReassignDialog));
const CancelMediationDialog = lazyDialog(() => import('./cancel-mediation-dialog').then((m) => m.CancelMediationDialog));
const RetentionDialog = lazyDialog(() => import('./retention-dialog').then((m) => m.RetentionDialog));

const SELECT_CLASS = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** Status and search; the search applies when submitted (one request per search, not per key). */
function Filters({ filters, onChange }: { filters: MediationFilters; onChange: (filters: MediationFilters) => void }) {
  const statusId = useId();
  const searchId = useId();
  const [search, setSearch] = useState(filters.search);
  return (
    <form
      role="search"
      aria-label="Filter mediations"
      className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...filters, search });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={statusId}>Status</Label>
        <select
          id={statusId}
          className={SELECT_CLASS}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as RequestStatus | '' })}
        >
          <option value="">All statuses</option>
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {REQUEST_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={searchId}>Search</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          maxLength={200}
          placeholder="Case name or number, lawyer or mediator"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

/** The admins' Mediations tab (spec 2 + 7): every request, filtered, newest first with 'Load more'; reassign or cancel. */
export function MediationList() {
  const [filters, setFilters] = useState<MediationFilters>({ status: '', search: '' });
  const [action, setAction] = useState<{ mediation: AdminMediation; kind: 'reassign' | 'cancel' | 'retention' } | null>(null);
  const list = useAdminMediations(filters);
  const filtered = Boolean(filters.status || filters.search.trim());
  const close = (open: boolean) => !open && setAction(null);
  return (
    <div className="grid gap-6">
      <Filters filters={filters} onChange={setFilters} />
      <PagedListView
        list={list}
        itemKey={(m) => m.id}
        loadingLabel="Loading mediations"
        skeletonClassName="h-40"
        className="grid gap-3"
        renderItem={(m) => (
          <MediationCard
            mediation={m}
            onReassign={(mediation) => setAction({ mediation, kind: 'reassign' })}
            onCancel={(mediation) => setAction({ mediation, kind: 'cancel' })}
            onRetention={(mediation) => setAction({ mediation, kind: 'retention' })}
          />
        )}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
              <Inbox className="size-8" aria-hidden="true" />
              <p>{filtered ? 'No mediations match these filters.' : 'No mediation requests yet.'}</p>
            </CardContent>
          </Card>
        }
      />
      {action?.kind === 'reassign' ? <ReassignDialog mediation={action.mediation} onOpenChange={close} /> : null}
      {action?.kind === 'cancel' ? <CancelMediationDialog mediation={action.mediation} onOpenChange={close} /> : null}
      {action?.kind === 'retention' ? <RetentionDialog mediation={action.mediation} onOpenChange={close} /> : null}
    </div>
  );
}
