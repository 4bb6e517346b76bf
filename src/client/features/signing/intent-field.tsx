import { useId } from 'react';

export const INTENT_LABEL = 'I have read this document and intend to sign it electronically';

/** The explicit intent to sign (as e-signature law expects): a box the signer ticks, never ticked for them. */
export function IntentField({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label className="flex items-start gap-3 rounded-lg border p-3 text-sm has-checked:border-primary/60 has-checked:bg-primary/5">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span className="font-medium">{INTENT_LABEL}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
