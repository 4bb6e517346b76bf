import { FileText } from 'lucide-react';
import { useState } from 'react';
import { CounselSignInputSchema, type Envelope } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useSignEnvelope } from './api';
import { IntentField } from './intent-field';
import { EMPTY_SIGNATURE, SignatureField, signatureInput, type SignatureDraft } from './signature-field';
import { useCheckedSubmit } from './use-checked-submit';

function SignForm({ envelope, sign, onDone }: { envelope: Envelope; sign: ReturnType<typeof useSignEnvelope>; onDone: () => void }) {
  const [intent, setIntent] = useState(false);
  const [signature, setSignature] = useState<SignatureDraft>(EMPTY_SIGNATURE);
  const [password, setPassword] = useState('');
  // A refused password is said under the field; the message is for what no field explains (the envelope closed).
  const { errors, submit } = useCheckedSubmit(CounselSignInputSchema, ['intent', 'signature', 'password'], async (input) => {
    await sign.mutateAsync({ envelopeId: envelope.id, input });
    toast({ title: 'You signed', description: envelope.title });
    onDone();
  });

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ intent, signature: signatureInput(signature), password });
      }}
    >
      <a
        href={envelope.documentUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center gap-2 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <FileText className="size-4" aria-hidden="true" />
        Read the document (PDF)
      </a>
      <IntentField checked={intent} onChange={setIntent} error={errors.intent} />
      <SignatureField value={signature} onChange={setSignature} error={errors.signature} />
      <FormField label="Password" required error={errors.password} hint="Enter your password to confirm it is you.">
        <Input type="password" autoComplete="current-password" maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      {errors.message ? (
        <Alert tone="destructive">
          <p>{errors.message}</p>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={sign.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={sign.isPending}>
          {sign.isPending ? 'Signing...' : 'Sign'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Counsel signing an envelope: the intent to sign, a typed or drawn signature, and their password again (how the
 * audit certificate knows it was them). The form starts empty each time it opens.
 */
export function SignDialog({
  requestId,
  envelope,
  open,
  onOpenChange,
}: {
  requestId: string;
  envelope: Envelope;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const sign = useSignEnvelope(requestId);
  return (
    <Dialog open={open} onOpenChange={(next) => !sign.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Sign “{envelope.title}”</DialogTitle>
          <DialogDescription>Your signature is placed on the document with your name, the time, and how you confirmed it is you.</DialogDescription>
        </DialogHeader>
        <SignForm envelope={envelope} sign={sign} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
