import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DeleteAccountSchema, type DeleteAccount } from '../../../common/schemas/account-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { userQueryKey } from '../../lib/current-user';
import { applyServerErrors } from '../../lib/form-errors';
import { useDeleteAccount } from './api';

/**
 * "Delete my account", confirmed with the password (decision 061). A refusal that is not about the password (an open
 * case, named by the server) stays in the dialog; on success the session is gone: the app forgets the user and shows
 * the public page with a notice.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<DeleteAccount>({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const { outcome } = await remove.mutateAsync(values);
      // Signed out: the cache holds null at once. React hears of it in a task of its own, and the profile's guard
      // then sends a signed-out visitor to sign in; this navigation is queued after that task, so it comes last and
      // wins: "/" with nobody signed in is the public page.
      queryClient.setQueryData(userQueryKey, null);
      setTimeout(() => void navigate('/', { replace: true }), 0);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      toast({
        title: 'Your account was deleted',
        description: outcome === 'removed' ? 'Everything it held was removed.' : 'Your personal details were erased; your cases keep an anonymous record.',
      });
    } catch (error) {
      if (applyServerErrors(error, form.setError, ['password'])) return;
      // The server's words (an open case named, too many attempts), unless it failed on its side.
      const said = error instanceof ApiError && error.status < 500 ? error.message : null;
      setRefusal(said ?? 'Your account could not be deleted. Try again in a moment.');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This cannot be undone. Your name, contact details, photo and profile are erased and you are signed out everywhere. Download your data first if you
            want a copy.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {refusal ? (
            <Alert tone="destructive">
              <TriangleAlert aria-hidden="true" />
              <span className="wrap-anywhere">{refusal}</span>
            </Alert>
          ) : null}
          <FormField label="Your password" error={form.formState.errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
