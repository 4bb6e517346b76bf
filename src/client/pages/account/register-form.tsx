import { useForm } from 'react-hook-form';
import type { Register } from '../../../common/schemas/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { useRegister } from '../../features/auth/api';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePreloadWhenIdle } from '../../lib/when-idle';

const validation = lazyZodResolver(() => import('../../../common/schemas/auth').then((m) => m.RegisterSchema));

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const register = useRegister();
  usePreloadWhenIdle(validation.preload);
  const form = useForm<Register>({
    resolver: validation.resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      toast({
        title: 'Registration successful!',
        description: 'Please check your email to verify your account. Check the console for the verification link (development mode).',
        duration: 8000,
      });
      form.reset();
      onRegistered(values.email);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'password', 'firstName', 'lastName']);
      toastError('Registration failed', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@lawfirm.com" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        By signing up you agree to our{' '}
        <a href="/terms" className="font-medium text-primary underline underline-offset-4">
          Terms of Use
        </a>{' '}
        and{' '}
        <a href="/privacy" className="font-medium text-primary underline underline-offset-4">
          Privacy Policy
        </a>
        .
      </p>
    </form>
  );
}
