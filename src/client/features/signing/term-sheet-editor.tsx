import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CASE_SIDES } from '../../../common/enums';
import { TermSheetVersionInputSchema, type TermSheetContent, type TermSheetVersion } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useDraftVersion, useProposeEdits } from './api';
import { messageOf, SIDE_LABELS } from './view';

// The form's paths are the API's ("content.parties.0.email"), so the shared schema checks it here and the server's
// fieldErrors land under the same fields.
type Values = z.input<typeof TermSheetVersionInputSchema>;
type Body = z.output<typeof TermSheetVersionInputSchema>;
type Form = UseFormReturn<Values, unknown, Body>;

const MAX_ROWS = 20;
const SECTIONS = [
  { name: 'releases', label: '3. Releases', hint: 'Who releases whom from which claims.' },
  { name: 'confidentiality', label: '4. Confidentiality', hint: 'What stays confidential, and any exceptions.' },
  { name: 'dismissal', label: '5. Dismissal', hint: 'How and when the proceedings are dismissed.' },
  { name: 'otherTerms', label: '6. Other terms', hint: 'Anything else agreed.' },
] as const;

/** What the editor opens for: a new version (the first one or the next), or counsel's edits to a version. */
export type EditorMode = { kind: 'version'; base: TermSheetVersion | null } | { kind: 'proposal'; base: TermSheetVersion };

const newParty = () => ({ name: '', side: 'first' as const, email: '' });
const newPayment = () => ({ amount: '', payer: '', payee: '', dueDate: '' });

/** The base version's terms to edit (empty fields for a first draft), and an empty note: a note is about one change. */
function valuesOf(base: TermSheetContent | null): Values {
  if (!base) return { content: { parties: [newParty()], payments: [], releases: '', confidentiality: '', dismissal: '', otherTerms: '' }, note: '' };
  return {
    content: { ...base, parties: base.parties.map((p) => ({ ...p, email: p.email ?? '' })), payments: base.payments.map((p) => ({ ...p })) },
    note: '',
  };
}

/** One party or payment: its fields under a numbered legend, with a Remove button beside it. */
function Row({ legend, testId, onRemove, children }: { legend: string; testId: string; onRemove: () => void; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-3 rounded-lg border p-3" data-testid={testId}>
      {/* Floated, the legend is laid out as a grid item beside its Remove button, not on the border. */}
      <legend className="float-left text-sm font-medium">{legend}</legend>
      <Button variant="ghost" size="sm" className="justify-self-end" onClick={onRemove} aria-label={`Remove ${legend.toLowerCase()}`}>
        <Trash2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Remove</span>
      </Button>
      <div className="col-span-2 grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The parties or the payments: their rows, the list's own error (e.g. no party), and a button to add one more. */
function RowList({
  legend,
  error,
  count,
  addLabel,
  onAdd,
  children,
}: {
  legend: string;
  error: { message?: string; root?: { message?: string } } | undefined;
  count: number;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const listError = error?.root?.message ?? error?.message;
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 font-semibold">{legend}</legend>
      {children}
      {listError ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {listError}
        </p>
      ) : null}
      {count < MAX_ROWS ? (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      ) : null}
    </fieldset>
  );
}

function PartiesFields({ form }: { form: Form }) {
  const parties = useFieldArray({ control: form.control, name: 'content.parties' });
  const errors = form.formState.errors.content?.parties;
  return (
    <RowList legend="1. Parties" error={errors} count={parties.fields.length} addLabel="Add a party" onAdd={() => parties.append(newParty())}>
      {parties.fields.map((field, i) => (
        <Row key={field.id} legend={`Party ${i + 1}`} testId="party-row" onRemove={() => parties.remove(i)}>
          <FormField label="Name" required error={errors?.[i]?.name?.message}>
            <Input maxLength={200} autoComplete="off" {...form.register(`content.parties.${i}.name`)} />
          </FormField>
          <FormField label="Side" error={errors?.[i]?.side?.message}>
            <NativeSelect {...form.register(`content.parties.${i}.side`)}>
              {CASE_SIDES.map((side) => (
                <option key={side} value={side}>
                  {SIDE_LABELS[side]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            label="E-mail (optional)"
            className="sm:col-span-2"
            error={errors?.[i]?.email?.message}
            hint="Parties with an e-mail sign by a link sent there; without one, their counsel signs for their side."
          >
            <Input type="email" maxLength={254} autoComplete="off" {...form.register(`content.parties.${i}.email`)} />
          </FormField>
        </Row>
      ))}
    </RowList>
  );
}

function PaymentsFields({ form }: { form: Form }) {
  const listId = useId();
  const payments = useFieldArray({ control: form.control, name: 'content.payments' });
  const parties = useWatch({ control: form.control, name: 'content.parties' });
  const names = [...new Set((parties ?? []).map((p) => p.name.trim()).filter(Boolean))];
  const errors = form.formState.errors.content?.payments;
  return (
    <RowList legend="2. Payment terms" error={errors} count={payments.fields.length} addLabel="Add a payment" onAdd={() => payments.append(newPayment())}>
      {/* Payer and payee are usually parties: their names are offered, anything else may be typed. */}
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {payments.fields.length === 0 ? <p className="text-sm text-muted-foreground">No payment.</p> : null}
      {payments.fields.map((field, i) => (
        <Row key={field.id} legend={`Payment ${i + 1}`} testId="payment-row" onRemove={() => payments.remove(i)}>
          <FormField label="Amount" required error={errors?.[i]?.amount?.message} hint="In dollars, like 25000.00">
            <Input inputMode="decimal" autoComplete="off" {...form.register(`content.payments.${i}.amount`)} />
          </FormField>
          <FormField label="Due date" required error={errors?.[i]?.dueDate?.message}>
            <Input type="date" {...form.register(`content.payments.${i}.dueDate`)} />
          </FormField>
          <FormField label="Payer" required error={errors?.[i]?.payer?.message}>
            <Input maxLength={200} autoComplete="off" list={listId} {...form.register(`content.payments.${i}.payer`)} />
          </FormField>
          <FormField label="Payee" required error={errors?.[i]?.payee?.message}>
            <Input maxLength={200} autoComplete="off" list={listId} {...form.register(`content.payments.${i}.payee`)} />
          </FormField>
        </Row>
      ))}
    </RowList>
  );
}

function EditorForm({
  mode,
  draft,
  propose,
  onDone,
}: {
  mode: EditorMode;
  draft: ReturnType<typeof useDraftVersion>;
  propose: ReturnType<typeof useProposeEdits>;
  onDone: () => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Values, unknown, Body>({ resolver: zodResolver(TermSheetVersionInputSchema), defaultValues: valuesOf(mode.base?.content ?? null) });
  const errors = form.formState.errors;
  const pending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ content, note }) => {
    setMessage(null);
    const input = { content, ...(note ? { note } : {}) };
    try {
      if (mode.kind === 'proposal') {
        await propose.mutateAsync({ baseVersion: mode.base.number, ...input });
        toast({ title: 'Edits proposed', description: 'The mediator accepts them into a new version, or declines them.' });
      } else {
        await draft.mutateAsync(input);
        toast({ title: 'Version saved', description: 'Both sides can read it and compare it with the one before.' });
      }
      onDone();
    } catch (e) {
      const fields = e instanceof ApiError ? Object.entries(e.fieldErrors).filter(([path]) => path === 'note' || path.startsWith('content.')) : [];
      for (const [path, text] of fields) form.setError(path as Path<Values>, { type: 'server', message: text });
      setMessage(fields.length ? 'Some fields need changes: see the messages under them.' : messageOf(e));
    }
  });

  return (
    <form className="grid gap-6" noValidate onSubmit={onSubmit}>
      <PartiesFields form={form} />
      <PaymentsFields form={form} />
      {SECTIONS.map((section) => (
        <FormField key={section.name} label={section.label} hint={section.hint} error={errors.content?.[section.name]?.message}>
          <Textarea rows={3} maxLength={10_000} {...form.register(`content.${section.name}`)} />
        </FormField>
      ))}
      <FormField label="Note (optional)" hint="What this version changes; everyone on the case reads it." error={errors.note?.message}>
        <Textarea rows={2} maxLength={1000} {...form.register('note')} />
      </FormField>
      {message ? (
        <Alert tone="destructive">
          <p>{message}</p>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : mode.kind === 'proposal' ? 'Propose these edits' : 'Save version'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function titleOf(mode: EditorMode): { title: string; description: string } {
  if (mode.kind === 'proposal')
    return {
      title: `Propose edits to version ${mode.base.number}`,
      description: 'Change what your side wants changed. The mediator accepts your edits into a new version, or declines them.',
    };
  if (!mode.base) return { title: 'Draft the first version', description: 'The terms as agreed so far; every later change is kept as a new version.' };
  return { title: `New version (${mode.base.number + 1})`, description: `Starts from version ${mode.base.number}; both sides can compare the two.` };
}

/** The structured term sheet editor, prefilled from the version it starts from; `mode` null keeps it closed. */
export function TermSheetEditor({ requestId, mode, onClose }: { requestId: string; mode: EditorMode | null; onClose: () => void }) {
  const draft = useDraftVersion(requestId);
  const propose = useProposeEdits(requestId);
  const pending = draft.isPending || propose.isPending;
  const text = mode ? titleOf(mode) : null;
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent className="max-w-3xl">
        {mode && text ? (
          <>
            <DialogHeader>
              <DialogTitle>{text.title}</DialogTitle>
              <DialogDescription>{text.description}</DialogDescription>
            </DialogHeader>
            <EditorForm mode={mode} draft={draft} propose={propose} onDone={onClose} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
