import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';

/** "Send a new link" (RULES.md 7: resend answers 200 whatever the address). */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const resend = useMutation({
    mutationFn: (address: string) => apiRequest<{ message: string }>('POST', '/api/verify-email/resend', { email: address }),
  });
  const send = async () => {
    try {
      const result = await resend.mutateAsync(email);
      toast({ title: 'Verification e-mail sent', description: result.message });
    } catch (error) {
      toastError('Error', error);
    }
  };
  return (
    <form
      className="mt-2 flex flex-col gap-2 sm:flex-row"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor="resend-email" className="sr-only">
        Email for a new verification link
      </label>
      <Input
        id="resend-email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@lawfirm.com"
        className="bg-background"
        required
      />
      <Button type="submit" variant="outline" disabled={resend.isPending || !email.trim()}>
        {resend.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </form>
  );
}
