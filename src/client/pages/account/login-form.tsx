import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { Login } from '../../../common/schemas/auth';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toastError } from '../../components/ui/use-toast';
import { useLogin } from '../../features/auth/api';
import { hasErrorCode } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePreloadWhenIdle } from '../../lib/when-idle';
import { safeNextPath } from '../../lib/safe-redirect';

const validation = lazyZodResolver(() => import('../../../common/schemas/auth').then((m) => m.LoginSchema));

/**
 * `next` is the page's `?next=` as given; it is checked (same origin, no tricks) when it is used. A refusal for an
 * unverified address or a suspended account is also told to the page, which explains it beside the form.
 */
export function LoginForm({ next, onUnverified, onSuspended }: { next: string | null; onUnverified: (email: string) => void; onSuspended?: () => void }) {
  const login = useLogin();
  usePreloadWhenIdle(validation.preload);
  const form = useForm<Login>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      // Spec 4: after login the page reloads.
      window.location.assign(safeNextPath(next, window.location.origin));
    } catch (error) {
      if (hasErrorCode(error, 'email_not_verified')) onUnverified(values.email);
      if (hasErrorCode(error, 'account_suspended')) onSuspended?.();
      applyServerErrors(error, form.setError, ['email', 'password']);
      toastError('Login failed', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@lawfirm.com" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="-mt-1 text-right">
        <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
