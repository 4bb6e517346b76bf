import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ResetPasswordFormSchema } from '../../../common/schemas/auth';
import { PublicLayout } from '../../app/layouts/public-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/use-page-title';

type ResetForm = z.input<typeof ResetPasswordFormSchema>;

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const reset = useMutation({ mutationFn: (password: string) => apiRequest('POST', '/api/password/reset', { token, password }) });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values.password);
      toast({ title: 'Password reset', description: 'Your password has been changed. Please sign in with your new password.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password'])) toastError('Error', error);
    }
  });
  const tokenError = reset.error && 'fieldErrors' in reset.error ? (reset.error as { fieldErrors: Record<string, string> }).fieldErrors.token : undefined;

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-md px-4 py-12">
        <Card>
          <CardHeader>
            <h1 className="font-serif text-2xl font-semibold">Choose a new password</h1>
            <CardDescription>After the change, every device signed in to your account is signed out.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {!token || tokenError ? (
              <Alert tone="destructive">
                <div>
                  <p>{tokenError ?? 'This reset link is incomplete. Please open the link from your e-mail again.'}</p>
                  <Link to="/forgot-password" className="font-medium underline underline-offset-4">
                    Request a new link
                  </Link>
                </div>
              </Alert>
            ) : null}
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField label="New password" error={form.formState.errors.password?.message} hint="At least 8 characters.">
                <Input type="password" autoComplete="new-password" {...form.register('password')} />
              </FormField>
              <FormField label="Confirm new password" error={form.formState.errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              </FormField>
              <Button type="submit" disabled={reset.isPending || !token}>
                {reset.isPending ? 'Saving...' : 'Reset password'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
