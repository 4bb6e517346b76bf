import { Plus, Trash2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import type { RequestDto } from '../../../common/api-types';
import type { CaseSide } from '../../../common/enums';
import type { CasePartyDto } from '../../../common/schemas/cases';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { toast, toastError } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useSaveParties } from './parties-api';

type Row = { kind: 'party' | 'firm'; name: string };

/** One side's list being edited: a kind and a name per row, saved whole. */
function SideEditor({ requestId, side, initial, onDone }: { requestId: string; side: CaseSide; initial: Row[]; onDone: () => void }) {
  const id = useId();
  const save = useSaveParties(requestId);
  const [rows, setRows] = useState<Row[]>(initial.length ? initial : [{ kind: 'party', name: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (i: number, change: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const onSave = async () => {
    setErrors({});
    try {
      // Rows left blank are dropped rather than refused: an empty last row is how the list invites another entry.
      await save.mutateAsync({ side, parties: rows.filter((r) => r.name.trim()) });
      toast({ title: 'Parties saved', description: 'Mediators who accept from now on are checked against this list.' });
      onDone();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toastError('Could not save the parties', error);
    }
  };

  return (
    <div className="grid gap-3">
      {rows.map((row, i) => (
        <div key={i} className="grid gap-1">
          <div className="grid grid-cols-[7rem_1fr_auto] items-center gap-2">
            <NativeSelect aria-label={`Entry ${i + 1}: party or firm`} value={row.kind} onChange={(e) => update(i, { kind: e.target.value as Row['kind'] })}>
              <option value="party">Party</option>
              <option value="firm">Firm</option>
            </NativeSelect>
            <Input
              aria-label={`Entry ${i + 1}: name`}
              value={row.name}
              maxLength={200}
              aria-invalid={errors[`parties.${i}.name`] ? true : undefined}
              aria-describedby={errors[`parties.${i}.name`] ? `${id}-${i}` : undefined}
              onChange={(e) => update(i, { name: e.target.value })}
            />
            <Button variant="outline" size="icon" aria-label={`Remove entry ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
          {errors[`parties.${i}.name`] ? (
            <p id={`${id}-${i}`} role="alert" className="text-sm font-medium text-destructive">
              {errors[`parties.${i}.name`]}
            </p>
          ) : null}
        </div>
      ))}
      {errors.parties ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.parties}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setRows([...rows, { kind: 'party', name: '' }])} disabled={rows.length >= 20}>
          <Plus className="size-4" aria-hidden="true" />
          Add party or firm
        </Button>
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function SideList({ title, parties }: { title: string; parties: CasePartyDto[] }) {
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {parties.length ? (
        <ul className="grid gap-1 text-sm">
          {parties.map((p, i) => (
            <li key={i} className="wrap-anywhere">
              {p.name} <span className="text-muted-foreground">({p.kind === 'firm' ? 'firm' : 'party'})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">None listed yet.</p>
      )}
    </div>
  );
}

/**
 * "Parties and firms" (issue 23, decision 047): each counsel lists their side's parties and firms, which every
 * accepting mediator is checked against. The first side also writes the other side's list while nobody holds that
 * seat. Shown to counsel of the case only.
 */
export function CasePartiesCard({ request }: { request: RequestDto }) {
  const [editing, setEditing] = useState<CaseSide | null>(null);
  const sides = request.sides;
  const seat = sides?.mySeat;
  if (!sides || (seat !== 'first' && seat !== 'second')) return null;
  const other: CaseSide = seat === 'first' ? 'second' : 'first';
  const closed = request.status === 'completed' || request.status === 'cancelled';
  const editable = (side: CaseSide) => !closed && (side === seat || (seat === 'first' && !sides.second));
  const of = (side: CaseSide) => sides.parties.filter((p) => p.side === side);

  const block = (side: CaseSide, title: string) =>
    editing === side ? (
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <SideEditor requestId={request.id} side={side} initial={of(side).map(({ kind, name }) => ({ kind, name }))} onDone={() => setEditing(null)} />
      </div>
    ) : (
      <div className="flex flex-wrap items-start justify-between gap-2">
        <SideList title={title} parties={of(side)} />
        {editable(side) ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(side)} aria-label={`Edit ${title.toLowerCase()}`}>
            Edit
          </Button>
        ) : null}
      </div>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" />
          Parties and firms
        </CardTitle>
        <CardDescription>Mediators who accept are checked against these names and must disclose any earlier case with them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {block(seat, 'Your side')}
        {block(other, 'Other side')}
      </CardContent>
    </Card>
  );
}
