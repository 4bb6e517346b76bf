import { useId, useState } from 'react';
import type { AdminMediation } from '../../../common/schemas/admin-lists';
import { REASSIGN_TEXTS, ReassignInputSchema } from '../../../common/schemas/admin-lists';
import type { AdminUserDto } from '../../../common/schemas/admin-users';
import { ListSkeleton } from '../../components/paged-list';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { toast, toastError } from '../../components/ui/use-toast';
import { displayMoney } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useMediatorChoices, useReassignMediator } from './api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const fullName = (u: AdminUserDto) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The mediators who could take over: not suspended, not the one assigned now. */
function MediatorChoices({
  mediation,
  search,
  chosen,
  onChoose,
  error,
}: {
  mediation: AdminMediation;
  search: string;
  chosen: string;
  onChoose: (id: string) => void;
  error?: string;
}) {
  const choices = useMediatorChoices(search);
  const errorId = useId();
  if (choices.isLoading) return <ListSkeleton label="Loading mediators" rows={2} className="h-14" />;
  if (choices.error) return <QueryError error={choices.error} onRetry={choices.refetch} retrying={choices.isRefetching} />;
  const options = (choices.data ?? []).filter((u) => u.status !== 'suspended' && u.id !== mediation.selectedMediator?.id);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">New mediator</legend>
      {options.length ? (
        <ul className="grid max-h-64 gap-2 overflow-y-auto">
          {options.map((u) => (
            <li key={u.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  chosen === u.id && 'border-primary bg-primary/5',
                )}
              >
                <input
                  type="radio"
                  name="mediatorId"
                  value={u.id}
                  checked={chosen === u.id}
                  onChange={() => onChoose(u.id)}
                  className="mt-1 accent-[var(--primary)]"
                />
                <span className="min-w-0">
                  <span className="block font-medium wrap-anywhere">{fullName(u)}</span>
                  <span className="block text-sm wrap-anywhere text-muted-foreground">
                    {u.email}
                    {u.mediator ? ` · ${u.mediator.jurisdiction}` : ''}
                    {u.profileCompleted ? '' : ' · profile not completed'}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {search.trim() ? 'No other approved mediator matches this search.' : 'No other approved mediator is available.'}
        </p>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Give a matched or in-progress mediation to another mediator (RULES.md 4 + 7): the lawyer, both mediators are told,
 * and the price stays as agreed.
 */
export function ReassignDialog({ mediation, onOpenChange }: { mediation: AdminMediation; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reassign = useReassignMediator(mediation.id);
  const settledSearch = useDebouncedValue(search);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ReassignInputSchema.safeParse({ mediatorId: chosen });
    if (!parsed.success) {
      setError(REASSIGN_TEXTS.mediatorId);
      return;
    }
    try {
      const updated = await reassign.mutateAsync(parsed.data);
      onOpenChange(false);
      toast({
        title: 'Mediator reassigned successfully',
        description: `${updated.selectedMediator?.name ?? 'The new mediator'} now mediates ${updated.caseName}.`,
      });
    } catch (failure) {
      toastError('Failed to reassign mediator', failure);
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Reassign mediator</DialogTitle>
          <DialogDescription>
            {mediation.caseName} (Case #{mediation.caseNumber}), now with {mediation.selectedMediator?.name ?? 'no mediator'}.
          </DialogDescription>
        </DialogHeader>
        <Alert tone="info">
          <p>
            The price does not change: the new mediator takes over at the agreed {displayMoney(mediation.budget)}. The lawyer and both mediators are notified.
          </p>
        </Alert>
        <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <FormField label="Search mediators" hint="Name or e-mail">
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
          </FormField>
          <MediatorChoices
            mediation={mediation}
            search={settledSearch}
            chosen={chosen}
            onChoose={(id) => {
              setChosen(id);
              setError(undefined);
            }}
            error={error}
          />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Back
          </Button>
          <Button type="submit" form={formId} disabled={reassign.isPending}>
            {reassign.isPending ? 'Reassigning...' : 'Reassign mediator'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
