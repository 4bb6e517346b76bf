import { zodResolver } from '@hookform/resolvers/zod';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { TimeZoneInputSchema } from '../../../common/schemas/scheduling';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { applyServerErrors } from '../../lib/form-errors';
import { useSaveTimeZone } from './api';
import { browserTimeZone } from '../../lib/time-zone';
import { TimeZoneInput } from './time-zone-input';

function TimeZoneForm({ current }: { current: string | null }) {
  const save = useSaveTimeZone();
  const [savedZone, setSavedZone] = useState<string | null>(null);
  const form = useForm<{ timeZone: string }>({ resolver: zodResolver(TimeZoneInputSchema), defaultValues: { timeZone: current ?? browserTimeZone() } });
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ control: form.control, name: 'timeZone' });
  // The zone known to be saved: the user's, then the one saved here.
  const [known, setKnown] = useState(current);
  const browser = browserTimeZone();
  const hint = known
    ? `Currently ${known}.${known === browser ? '' : ` Your browser is set to ${browser}.`}`
    : `Your browser is set to ${browser}: save it, or choose another.`;
  const onSubmit = form.handleSubmit(async ({ timeZone }) => {
    setSavedZone(null);
    try {
      const saved = (await save.mutateAsync(timeZone)).timeZone;
      setSavedZone(saved);
      setKnown(saved);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['timeZone'])) form.setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Time zone" hint={hint} error={errors.timeZone?.message} className="max-w-md">
        <TimeZoneInput
          name="timeZone"
          value={value}
          onBlur={onBlur}
          ref={ref}
          onChange={(e) => {
            setSavedZone(null);
            onChange(e.target.value);
          }}
        />
      </FormField>
      {errors.root ? <Alert tone="destructive">{errors.root.message}</Alert> : null}
      {savedZone ? (
        <Alert tone="success">
          <Globe aria-hidden="true" />
          <p>Dates are shown in {savedZone}.</p>
        </Alert>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        {save.isPending ? 'Saving...' : 'Save time zone'}
      </Button>
    </form>
  );
}

/** The zone dates are shown in (sessions on a case, the e-mails about them): the user's saved one, else the browser's. */
export function TimeZoneCard({ current }: { current: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone</CardTitle>
        <CardDescription>Session times on your cases and in e-mails are shown in this zone.</CardDescription>
      </CardHeader>
      <CardContent>
        <TimeZoneForm current={current} />
      </CardContent>
    </Card>
  );
}
