import { PenLine, Type } from 'lucide-react';
import { useId } from 'react';
import type { SignatureInput } from '../../../common/schemas/signing';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { SignaturePad } from './signature-pad';

/** What the field holds: both ways of signing, so switching tabs loses neither; `kind` says which one is sent. */
export interface SignatureDraft {
  kind: SignatureInput['kind'];
  text: string;
  image: string;
}

export const EMPTY_SIGNATURE: SignatureDraft = { kind: 'typed', text: '', image: '' };

/** The signature as the API takes it (CounselSignInputSchema, PartySignInputSchema). */
export const signatureInput = (draft: SignatureDraft): SignatureInput =>
  draft.kind === 'typed' ? { kind: 'typed', text: draft.text } : { kind: 'drawn', image: draft.image };

/** A signer's signature, typed (shown in a handwriting style) or drawn; used by counsel and by parties alike. */
export function SignatureField({ value, onChange, error }: { value: SignatureDraft; onChange: (value: SignatureDraft) => void; error?: string }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-2" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium">
        Your signature
      </p>
      <Tabs value={value.kind} onValueChange={(kind) => onChange({ ...value, kind: kind as SignatureDraft['kind'] })}>
        <TabsList className="w-full sm:w-auto" aria-label="How to sign">
          <TabsTrigger value="typed">
            <Type className="size-4" aria-hidden="true" />
            Type
          </TabsTrigger>
          <TabsTrigger value="drawn">
            <PenLine className="size-4" aria-hidden="true" />
            Draw
          </TabsTrigger>
        </TabsList>
        {/* Both stay mounted (hidden when not chosen) so a drawing survives a look at the other tab. */}
        <TabsContent value="typed" forceMount className="grid gap-2 data-[state=inactive]:hidden">
          <Label htmlFor={`${id}-typed`}>Type your full name</Label>
          <Input
            id={`${id}-typed`}
            autoComplete="name"
            maxLength={200}
            value={value.text}
            onChange={(e) => onChange({ ...value, text: e.target.value })}
            aria-invalid={value.kind === 'typed' && error ? true : undefined}
            aria-describedby={value.kind === 'typed' ? errorId : undefined}
          />
          <p
            className="min-h-14 truncate rounded-md border border-dashed px-3 py-2 text-3xl text-foreground italic"
            style={{ fontFamily: '"Brush Script MT", "Segoe Script", "Snell Roundhand", cursive' }}
            aria-hidden="true"
            data-testid="typed-signature-preview"
          >
            {value.text}
          </p>
        </TabsContent>
        <TabsContent value="drawn" forceMount className="data-[state=inactive]:hidden">
          <SignaturePad
            hasImage={!!value.image}
            onChange={(image) => onChange({ ...value, image })}
            describedBy={value.kind === 'drawn' ? errorId : undefined}
            invalid={value.kind === 'drawn' && !!error}
          />
        </TabsContent>
      </Tabs>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
