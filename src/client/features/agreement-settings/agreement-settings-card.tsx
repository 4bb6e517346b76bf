import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, FileSignature } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { AGREEMENT_PLACEHOLDERS } from '../../../common/domain/signing';
import { AgreementSettingsInputSchema } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { applyServerErrors } from '../../lib/form-errors';
import { cn } from '../../lib/utils';
import { useAgreementSettings, useSaveAgreementSettings, type AgreementSettings } from './api';

/** What each placeholder becomes in a case's agreement; typed by the list, so a new placeholder cannot go unexplained. */
const PLACEHOLDER_MEANINGS: Record<(typeof AGREEMENT_PLACEHOLDERS)[number], string> = {
  mediatorName: 'your name',
  caseName: 'the case’s name',
  caseNumber: 'the case number',
  fee: 'your fee for the case',
  cancellationWindowHours: 'your cancellation window, in hours',
  counsel: 'the names of counsel on the case',
};

/** The form keeps the own text while "default" is chosen (switching back finds it); only "own" checks it, in the shared words. */
const FormSchema = z.object({ required: z.boolean(), text: z.enum(['default', 'own']), template: z.string() }).superRefine((values, ctx) => {
  if (values.text === 'default') return;
  const checked = AgreementSettingsInputSchema.shape.template.safeParse(values.template);
  if (!checked.success) ctx.addIssue({ code: 'custom', path: ['template'], message: checked.error.issues[0].message });
});
type FormValues = z.infer<typeof FormSchema>;
type Form = UseFormReturn<FormValues>;

/** Saved settings as the form shows them: someone on the default gets it in the text box, ready to edit into their own. */
const formValues = (dto: AgreementSettings): FormValues =>
  dto.template === null
    ? { required: dto.required, text: 'default', template: dto.defaultTemplate }
    : { required: dto.required, text: 'own', template: dto.template };

function RequiredSwitch({ form }: { form: Form }) {
  const id = useId();
  const error = form.formState.errors.required?.message;
  return (
    <div className="grid gap-2">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="block font-medium">
            Require an agreement to mediate before the case opens
          </label>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            When on, each counsel signs it after selecting you. Until they have, they see the case summary but not its messages, documents or sessions.
          </p>
        </div>
        <Controller
          control={form.control}
          name="required"
          render={({ field }) => (
            <Switch.Root
              id={id}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${id}-description`}
              className="peer relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
            >
              <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
            </Switch.Root>
          )}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextChoice({ form, value, label }: { form: Form; value: FormValues['text']; label: string }) {
  const checked = useWatch({ control: form.control, name: 'text' }) === value;
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked && 'border-primary bg-primary/5',
      )}
    >
      <input type="radio" value={value} className="accent-[var(--primary)]" {...form.register('text')} />
      <span className="font-medium">{label}</span>
    </label>
  );
}

function OwnText({ form }: { form: Form }) {
  return (
    <div className="grid gap-3">
      <FormField label="Your agreement" error={form.formState.errors.template?.message} hint="Between 200 and 20,000 characters.">
        <Textarea rows={14} className="font-mono text-xs md:text-xs" {...form.register('template')} />
      </FormField>
      <div className="grid gap-1 text-sm">
        <p className="font-medium">Placeholders, filled from the case when the agreement is made:</p>
        <ul className="grid gap-1 text-muted-foreground">
          {AGREEMENT_PLACEHOLDERS.map((name) => (
            <li key={name}>
              <code className="rounded bg-muted px-1 font-mono text-xs text-foreground">{`{{${name}}}`}</code> {PLACEHOLDER_MEANINGS[name]}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function AgreementSettingsForm({ settings }: { settings: AgreementSettings }) {
  const save = useSaveAgreementSettings();
  const form: Form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: formValues(settings) });
  const text = useWatch({ control: form.control, name: 'text' });
  const { errors, isDirty } = form.formState;
  // "Saved" stays until the form is changed again.
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      // The own text goes trimmed, as the server keeps it.
      const template = values.text === 'own' ? values.template.trim() : null;
      form.reset(formValues(await save.mutateAsync({ required: values.required, template })));
      setSaved(true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['required', 'template']))
        form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <RequiredSwitch form={form} />
      <fieldset className="grid gap-3">
        <legend className="mb-1 font-medium">The agreement’s text</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextChoice form={form} value="default" label="Use the default agreement" />
          <TextChoice form={form} value="own" label="Use my own" />
        </div>
        {text === 'default' ? (
          <details className="rounded-lg border p-3 text-sm">
            <summary className="cursor-pointer font-medium">Read the default agreement</summary>
            <p className="mt-3 whitespace-pre-line wrap-anywhere text-muted-foreground">{settings.defaultTemplate}</p>
          </details>
        ) : (
          <OwnText form={form} />
        )}
      </fieldset>
      {errors.root ? <Alert tone="destructive">{errors.root.message}</Alert> : null}
      {saved && !isDirty ? (
        <Alert tone="success">
          <CheckCircle2 aria-hidden="true" />
          <p>Your agreement settings are saved.</p>
        </Alert>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        {save.isPending ? 'Saving...' : 'Save agreement settings'}
      </Button>
    </form>
  );
}

/** Profile card for mediators (issue 26): whether their cases need an agreement to mediate, and its text. */
export function AgreementSettingsCard() {
  const settings = useAgreementSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSignature className="size-5 text-primary" aria-hidden="true" />
          Agreement to mediate
        </CardTitle>
        <CardDescription>Confidentiality, your role as a neutral, fees and cancellation, no recording: signed by counsel on each case.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading your agreement settings">
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
          </div>
        ) : settings.isError ? (
          <QueryError error={settings.error} onRetry={settings.refetch} retrying={settings.isRefetching} />
        ) : (
          <AgreementSettingsForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
