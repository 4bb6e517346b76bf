import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ChangePasswordFormSchema } from '../../../common/schemas/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePreloadWhenIdle } from '../../lib/when-idle';

type Values = z.input<typeof ChangePasswordFormSchema>;

// zod and the schema load once the page is idle, not with it (docs/decisions/058).
const validation = lazyZodResolver(() => import('../../../common/schemas/auth').then((m) => m.ChangePasswordFormSchema));

export function ChangePasswordForm() {
  usePreloadWhenIdle(validation.preload);
  const form = useForm<Values>({
    resolver: validation.resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: (v: Values) => apiRequest('POST', '/api/password/change', { currentPassword: v.currentPassword, newPassword: v.newPassword }),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      toast({ title: 'Password changed', description: 'Your other sessions have been signed out.' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['currentPassword', 'newPassword'])) toastError('Error', error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
