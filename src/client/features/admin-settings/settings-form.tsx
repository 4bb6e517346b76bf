import { useForm, type UseFormReturn } from 'react-hook-form';
import { PageLoading } from '../../components/page-loading';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePreloadWhenIdle } from '../../lib/when-idle';
import { useAdminSettings, useUpdateSettings } from './api';
import {
  changedSettings,
  SETTINGS_FIELDS,
  toFormValues,
  type AdminSettings,
  type SettingsField,
  type SettingsFormOutput,
  type SettingsFormValues,
} from './settings-schema';

type Form = UseFormReturn<SettingsFormValues, unknown, SettingsFormOutput>;

// zod and the schema load once the page is idle, not with it (docs/decisions/058); a save before that waits for them.
const validation = lazyZodResolver(() => import('./settings-validation').then((m) => m.settingsFormSchema));

interface NumberSpec {
  name: SettingsField;
  label: string;
  hint: string;
  step: string;
  max?: number;
}

const MONEY: NumberSpec[] = [
  { name: 'commissionPercentage', label: 'Commission (%)', hint: "The platform's share of each mediation's budget, 0 to 100.", step: '0.01', max: 100 },
  { name: 'minimumPlatformFee', label: 'Minimum platform fee ($)', hint: 'The least the platform keeps from a mediation.', step: '0.01' },
  { name: 'defaultDeposit', label: 'Deposit ($)', hint: 'What a lawyer pays to submit a request; more than $0.', step: '0.01' },
];

const TIMING: NumberSpec[] = [
  { name: 'matchWindowMinutes', label: 'Match window (minutes)', hint: 'How long a request waits for mediators to accept.', step: '1' },
  { name: 'priorityHeadStartMinutes', label: 'Priority head start (minutes)', hint: 'How long paid tiers see a new request before others.', step: '1' },
  { name: 'payoutHoldHours', label: 'Payout hold (hours)', hint: 'How long a completed mediation’s payout waits for a dispute.', step: '1' },
  {
    name: 'shareDueDays',
    label: 'Share deadline (days)',
    hint: 'Two-sided cases: the most days a side has to pay its share of the fee (earlier if the preferred date is sooner).',
    step: '1',
  },
];

function NumberFields({ form, specs }: { form: Form; specs: NumberSpec[] }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {specs.map((spec) => (
        <FormField key={spec.name} label={spec.label} hint={spec.hint} error={errors[spec.name]?.message} required>
          <Input type="number" inputMode="decimal" min={0} max={spec.max} step={spec.step} aria-required="true" {...form.register(spec.name)} />
        </FormField>
      ))}
    </div>
  );
}

function SettingsFields({ settings }: { settings: AdminSettings }) {
  usePreloadWhenIdle(validation.preload);
  const form = useForm<SettingsFormValues, unknown, SettingsFormOutput>({ resolver: validation.resolver, defaultValues: toFormValues(settings) });
  const update = useUpdateSettings();
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = changedSettings(values, settings);
    if (!Object.keys(changes).length) {
      form.reset(toFormValues(settings));
      return;
    }
    try {
      const updated = await update.mutateAsync(changes);
      form.reset(toFormValues(updated));
      toast({ title: 'Settings updated successfully', description: 'The new values apply to requests submitted from now on.' });
    } catch (error) {
      applyServerErrors(error, form.setError, SETTINGS_FIELDS);
      toastError('Failed to update settings', error);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-6">
      <Alert tone="info">
        <p>Changes apply to requests submitted afterwards: each request keeps the fees and deposit it was submitted with.</p>
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>Fees and deposit</CardTitle>
        </CardHeader>
        <CardContent>
          <NumberFields form={form} specs={MONEY} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Timings</CardTitle>
        </CardHeader>
        <CardContent>
          <NumberFields form={form} specs={TIMING} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Legal texts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Terms of service" error={errors.termsOfService?.message} hint="Shown on the terms page. Leave blank for the standard text.">
            <Textarea rows={8} maxLength={100_000} {...form.register('termsOfService')} />
          </FormField>
          <FormField label="Privacy policy" error={errors.privacyPolicy?.message} hint="Shown on the privacy page. Leave blank for the standard text.">
            <Textarea rows={8} maxLength={100_000} {...form.register('privacyPolicy')} />
          </FormField>
        </CardContent>
      </Card>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="mr-auto text-sm text-muted-foreground">Last changed {formatDateTime(settings.updatedAt)}</p>
        <Button type="button" variant="outline" disabled={!isDirty || update.isPending} onClick={() => form.reset(toFormValues(settings))}>
          Discard changes
        </Button>
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

/** The platform settings (spec 7, RULES.md 1): edit any of them; Save sends only what changed. */
export function SettingsForm() {
  const settings = useAdminSettings();
  if (settings.isLoading) return <PageLoading />;
  if (!settings.data) return <QueryError error={settings.error} onRetry={settings.refetch} retrying={settings.isRefetching} />;
  return <SettingsFields settings={settings.data} />;
}
