import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { EmailOnlySchema, type EmailOnly } from '../../../common/schemas/auth';
import { PublicLayout } from '../../app/layouts/public-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toastError } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const form = useForm<EmailOnly>({ resolver: zodResolver(EmailOnlySchema), defaultValues: { email: '' } });
  const forgot = useMutation({ mutationFn: (values: EmailOnly) => apiRequest<{ message: string }>('POST', '/api/password/forgot', values) });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
    } catch (error) {
      toastError('Error', error);
    }
  });
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-md px-4 py-12">
        <Card>
          <CardHeader>
            <h1 className="font-serif text-2xl font-semibold">Forgot your password?</h1>
            <CardDescription>Enter the e-mail address of your account and we will send you a link to choose a new password.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {forgot.isSuccess ? (
              <Alert tone="success">
                <MailCheck aria-hidden="true" />
                <p>If an account exists for that address, a reset link is on its way. It works once, for 1 hour.</p>
              </Alert>
            ) : null}
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField label="Email" error={form.formState.errors.email?.message}>
                <Input type="email" autoComplete="email" {...form.register('email')} />
              </FormField>
              <Button type="submit" disabled={forgot.isPending}>
                {forgot.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
            <Link to="/auth" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
