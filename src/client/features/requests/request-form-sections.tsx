import { useId, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FLAT_FEE_OPTIONS, HOURS_OPTIONS, RECOMMENDED_HOURLY_RATE } from '../../../common/constants';
import { displayCents, displayMoney } from '../../lib/format';

/** "$700, $1,200 or $2,000" (spec 9), in the one money format. */
const FLAT_FEE_LIST = `${FLAT_FEE_OPTIONS.slice(0, -1)
  .map((f) => displayMoney(f))
  .join(', ')} or ${displayMoney(FLAT_FEE_OPTIONS[FLAT_FEE_OPTIONS.length - 1])}`;
import { SPECIALIZATION_SUGGESTIONS } from '../../../common/jurisdictions';
import type { CreateRequestInput } from '../../../common/schemas/requests';
import { JurisdictionInput } from '../../components/jurisdiction-input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { cn } from '../../lib/utils';

// Generic over the submitted (parsed) values: the sections only register and read fields.
type Form<Output> = UseFormReturn<CreateRequestInput, unknown, Output>;

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive md:text-sm';

export function CaseInformation<Output>({ form }: { form: Form<Output> }) {
  const e = form.formState.errors;
  const listId = useId();
  return (
    <Section title="Case Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Case number" required error={e.caseNumber?.message}>
          <Input {...form.register('caseNumber')} placeholder="e.g. CV-2025-0142" />
        </FormField>
        <FormField label="Case name" required error={e.caseName?.message}>
          <Input {...form.register('caseName')} placeholder="e.g. Smith v. Jones" />
        </FormField>
        <FormField label="Case type" required error={e.caseType?.message} hint="Matched against mediators' specializations.">
          <Input list={listId} autoComplete="off" {...form.register('caseType')} placeholder="e.g. Family Law" />
        </FormField>
        <FormField label="Jurisdiction" required error={e.jurisdiction?.message}>
          <JurisdictionInput {...form.register('jurisdiction')} />
        </FormField>
        <FormField label="Court information" error={e.courtInfo?.message}>
          <Input {...form.register('courtInfo')} placeholder="Court and department" />
        </FormField>
        <FormField label="Trial date" error={e.trialDate?.message}>
          <Input type="date" {...form.register('trialDate')} />
        </FormField>
      </div>
      <datalist id={listId}>
        {SPECIALIZATION_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <FormField label="Case description" required error={e.description?.message} hint="At least 10 characters. Mediators see this before accepting.">
        <Textarea rows={5} {...form.register('description')} placeholder="The dispute, the parties' positions and what you hope to settle." />
      </FormField>
    </Section>
  );
}

export function OpposingCounsel<Output>({ form }: { form: Form<Output> }) {
  const e = form.formState.errors;
  return (
    <Section
      title="Opposing Counsel (optional)"
      description="Mediators see the name and firm to check for conflicts of interest; contact details only once selected."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={e.opposingLawyerName?.message}>
          <Input {...form.register('opposingLawyerName')} />
        </FormField>
        <FormField label="Bar number" error={e.opposingLawyerBarNumber?.message}>
          <Input {...form.register('opposingLawyerBarNumber')} />
        </FormField>
        <FormField label="Firm name" error={e.opposingLawyerFirmName?.message}>
          <Input {...form.register('opposingLawyerFirmName')} />
        </FormField>
        <FormField label="Email" error={e.opposingLawyerEmail?.message}>
          <Input type="email" {...form.register('opposingLawyerEmail')} />
        </FormField>
        <FormField label="Phone" error={e.opposingLawyerPhone?.message}>
          <Input type="tel" {...form.register('opposingLawyerPhone')} />
        </FormField>
      </div>
      <label className="flex items-start gap-3 rounded-lg border p-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('inviteOpposingCounsel')} />
        <span>
          <span className="font-medium">Invite them to join this case by e-mail</span>
          <span className="block text-muted-foreground">
            They see what you share with them and agree on the mediator with you. The link works once, for 14 days.
          </span>
        </span>
      </label>
    </Section>
  );
}

function Choice<Output>({
  name,
  value,
  label,
  form,
  description,
}: {
  name: 'mediationType' | 'pricingModel';
  value: string;
  label: string;
  description: string;
  form: Form<Output>;
}) {
  const checked = useWatch({ control: form.control, name }) === value;
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked && 'border-primary bg-primary/5',
      )}
    >
      <input type="radio" value={value} className="mt-1 accent-[var(--primary)]" {...form.register(name)} />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="block text-sm text-muted-foreground">{description}</span>
      </span>
    </label>
  );
}

export function MediationDetails<Output>({ form }: { form: Form<Output> }) {
  const e = form.formState.errors;
  return (
    <Section title="Mediation Details">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Mediation type</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Choice form={form} name="mediationType" value="in-person" label="In person" description="At a venue agreed with the mediator." />
          <Choice form={form} name="mediationType" value="online" label="Online" description="By video conference." />
        </div>
        {e.mediationType ? <p className="text-sm font-medium text-destructive">{e.mediationType.message}</p> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Preferred date" error={e.preferredDate?.message}>
          <Input type="date" {...form.register('preferredDate')} />
        </FormField>
        <FormField label="Estimated duration (hours)" error={e.estimatedDuration?.message}>
          <Input type="number" min={1} step={1} inputMode="numeric" {...form.register('estimatedDuration')} />
        </FormField>
      </div>
    </Section>
  );
}

export function PricingStructure<Output>({
  form,
  onModelChange,
  feeLine,
}: {
  form: Form<Output>;
  onModelChange: (model: 'hourly' | 'flat') => void;
  feeLine: ReactNode;
}) {
  const e = form.formState.errors;
  const model = useWatch({ control: form.control, name: 'pricingModel' });
  const pricing = form.register('pricingModel');
  return (
    <Section title="Pricing Structure" description={`Recommended hourly rate: ${displayMoney(RECOMMENDED_HOURLY_RATE)}.`}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Pricing model</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['hourly', 'flat'] as const).map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                model === value && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                value={value}
                className="mt-1"
                {...pricing}
                onChange={(ev) => {
                  void pricing.onChange(ev);
                  onModelChange(value);
                }}
              />
              <span>
                <span className="block font-medium">{value === 'hourly' ? 'Hourly rate' : 'Flat fee'}</span>
                <span className="block text-sm text-muted-foreground">
                  {value === 'hourly' ? '2, 4 or 8 hours at an hourly rate.' : `${FLAT_FEE_LIST} (2, 4 or 8 hours).`}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {model === 'hourly' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Hourly rate ($)" required error={e.hourlyRate?.message}>
            <Input type="number" min={1} step="0.01" inputMode="decimal" {...form.register('hourlyRate')} />
          </FormField>
          <FormField label="Hours needed" required error={e.hoursNeeded?.message}>
            <select className={selectClass} {...form.register('hoursNeeded')}>
              <option value="">Select hours</option>
              {HOURS_OPTIONS.map((h) => (
                <option key={h} value={h}>
                  {h} hours ({displayCents(RECOMMENDED_HOURLY_RATE * 100 * h)} at {displayMoney(RECOMMENDED_HOURLY_RATE)}/hour)
                </option>
              ))}
            </select>
          </FormField>
        </div>
      ) : (
        <FormField label="Flat fee" required error={e.flatFee?.message}>
          <select className={selectClass} {...form.register('flatFee')}>
            <option value="">Select a flat fee</option>
            {FLAT_FEE_OPTIONS.map((f, i) => (
              <option key={f} value={f}>
                {displayMoney(f)} ({HOURS_OPTIONS[i]} hours)
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label="Budget ($)" required error={e.budget?.message} hint={feeLine}>
        <Input type="number" min={1} step="0.01" inputMode="decimal" {...form.register('budget')} />
      </FormField>
    </Section>
  );
}
