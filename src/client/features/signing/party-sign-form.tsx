import { MailCheck } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { PartyRefuseInputSchema, PartySignInputSchema } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { IntentField } from './intent-field';
import { usePartyRefuse, usePartySign, useSendPartyCode, type PartySigning } from './party-api';
import { EMPTY_SIGNATURE, SignatureField, signatureInput, type SignatureDraft } from './signature-field';
import { useCheckedSubmit } from './use-checked-submit';
import { messageOf } from './view';

/** The e-mailed code: digits only. Other props (id, aria-*) come from the FormField around it. */
function CodeInput({ value, onChange, ...props }: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <Input
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className="max-w-40 tracking-widest"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}

function RefuseForm({ refuse, initialCode, onDone }: { refuse: ReturnType<typeof usePartyRefuse>; initialCode: string; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [code, setCode] = useState(initialCode);
  const { errors, submit } = useCheckedSubmit(PartyRefuseInputSchema, ['code', 'reason'], async (input) => {
    await refuse.mutateAsync(input);
    onDone();
  });
  return (
    <>
      <FormField label="Reason" required error={errors.reason} hint="Everyone on this document reads it.">
        <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <FormField label="Code from the e-mail" required error={errors.code}>
        <CodeInput value={code} onChange={setCode} />
      </FormField>
      {errors.message ? (
        <Alert tone="destructive">
          <p>{errors.message}</p>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={refuse.isPending}>
          Go back
        </Button>
        <Button variant="destructive" onClick={() => void submit({ code, reason })} disabled={refuse.isPending}>
          {refuse.isPending ? 'Sending...' : 'Refuse to sign'}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * Refusing needs the code too (it proves the refusal is the party's), and a reason everyone on the document reads.
 * The form starts from the code already typed on the page, each time it opens.
 */
function RefuseDialog({ token, open, onOpenChange, code }: { token: string; open: boolean; onOpenChange: (open: boolean) => void; code: string }) {
  const refuse = usePartyRefuse(token);
  return (
    <Dialog open={open} onOpenChange={(next) => !refuse.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refuse to sign?</DialogTitle>
          <DialogDescription>The mediator and every signer are told, with your reason. Nobody can sign this document after a refusal.</DialogDescription>
        </DialogHeader>
        <RefuseForm refuse={refuse} initialCode={code} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A party signing by link: a code e-mailed to them (how the audit certificate knows it was them), the intent to sign,
 * a typed or drawn signature, the code; or a refusal with a reason.
 */
export function PartySignForm({ token, signing }: { token: string; signing: PartySigning }) {
  const id = useId();
  const sendCode = useSendPartyCode(token);
  const sign = usePartySign(token);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [intent, setIntent] = useState(false);
  const [signature, setSignature] = useState<SignatureDraft>(EMPTY_SIGNATURE);
  const [code, setCode] = useState('');
  const [refusing, setRefusing] = useState(false);

  const requestCode = async () => {
    setSendError(null);
    try {
      await sendCode.mutateAsync();
      setSent(true);
    } catch (e) {
      setSendError(messageOf(e));
    }
  };
  // Signed, the page shows the thank-you in place of this form: the answer is the signer's new state.
  const { errors, submit } = useCheckedSubmit(PartySignInputSchema, ['intent', 'signature', 'code'], (input) => sign.mutateAsync(input));

  return (
    <div className="grid gap-6">
      <section className="grid gap-3 rounded-lg border p-4" aria-labelledby={`${id}-code`}>
        <h2 id={`${id}-code`} className="font-semibold">
          Confirm it is you
        </h2>
        <p className="text-sm text-muted-foreground">We e-mail you a 6-digit code; you enter it below to sign or to refuse.</p>
        <Button variant={sent ? 'outline' : 'default'} className="justify-self-start" onClick={() => void requestCode()} disabled={sendCode.isPending}>
          <MailCheck aria-hidden="true" />
          {sendCode.isPending ? 'Sending...' : sent ? 'Send a new code' : 'E-mail me a code'}
        </Button>
        {sent ? (
          <Alert tone="success">
            <p>We sent a 6-digit code to {signing.emailHint}. It works for 10 minutes.</p>
          </Alert>
        ) : null}
        {sendError ? (
          <Alert tone="destructive">
            <p>{sendError}</p>
          </Alert>
        ) : null}
      </section>
      <form
        className="grid gap-5"
        noValidate
        aria-labelledby={`${id}-sign`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ intent, signature: signatureInput(signature), code });
        }}
      >
        <h2 id={`${id}-sign`} className="font-semibold">
          Sign
        </h2>
        <IntentField checked={intent} onChange={setIntent} error={errors.intent} />
        <SignatureField value={signature} onChange={setSignature} error={errors.signature} />
        <FormField label="Code from the e-mail" required error={errors.code}>
          <CodeInput value={code} onChange={setCode} />
        </FormField>
        {errors.message ? (
          <Alert tone="destructive">
            <p>{errors.message}</p>
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => setRefusing(true)} disabled={sign.isPending}>
            Refuse to sign
          </Button>
          <Button type="submit" disabled={sign.isPending}>
            {sign.isPending ? 'Signing...' : 'Sign'}
          </Button>
        </div>
      </form>
      <RefuseDialog token={token} open={refusing} onOpenChange={setRefusing} code={code} />
    </div>
  );
}
