import { ShieldAlert } from 'lucide-react';
import type { ConflictMatchDto } from '../../../common/schemas/cases';

/** "Parties: Acme Corp (in Acme v. Beta, Case #CV-1)": the matches in words. */
export function ConflictMatchList({ matches }: { matches: ConflictMatchDto[] }) {
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm">
      {matches.map((m) => (
        <li key={`${m.name}-${m.caseNumber}-${m.caseName}`} className="wrap-anywhere">
          <strong>{m.name}</strong> ({m.kind === 'firm' ? 'firm' : 'party'}) — in your earlier case {m.caseName} (Case #{m.caseNumber})
        </li>
      ))}
    </ul>
  );
}

/**
 * What a mediator disclosed when accepting, and what the conflict check found (decision 047): shown to both sides in
 * the selection list, before anyone is selected. Nothing when they disclosed nothing.
 */
export function DisclosureBlock({ disclosure, matches = [] }: { disclosure?: string | null; matches?: ConflictMatchDto[] }) {
  if (!disclosure && !matches.length) return null;
  return (
    <section
      aria-label="Disclosure"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100"
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <ShieldAlert className="size-4" aria-hidden="true" />
        Disclosure
      </h4>
      {matches.length ? (
        <div className="grid gap-1">
          <p className="text-sm">The platform found names of this case in the mediator’s earlier cases:</p>
          <ConflictMatchList matches={matches} />
        </div>
      ) : null}
      {disclosure ? <p className="text-sm whitespace-pre-line wrap-anywhere">{disclosure}</p> : null}
    </section>
  );
}
