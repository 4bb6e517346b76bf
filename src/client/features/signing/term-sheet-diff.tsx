import { diffTermSheets } from '../../../common/domain/signing';
import type { TermSheetContent } from '../../../common/schemas/signing';

/**
 * What changed between two term sheets, section by section, as a redline: lines taken out struck through, lines put
 * in underlined, each also said in words ("Removed:", "Added:") so neither colour nor strike-through carries it alone.
 */
export function TermSheetDiff({ before, after, label }: { before: TermSheetContent; after: TermSheetContent; label: string }) {
  const changes = diffTermSheets(before, after);
  return (
    <section className="grid gap-3 rounded-lg border bg-muted/30 p-3" aria-label={label} data-testid="term-sheet-diff">
      <h4 className="text-sm font-semibold">{label}</h4>
      {changes.length ? (
        changes.map((change) => (
          <div key={change.section} className="grid gap-1">
            <h5 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{change.heading}</h5>
            <ul className="grid gap-1 text-sm">
              {change.removed.map((line, i) => (
                <li
                  key={`r-${i}-${line}`}
                  className="rounded-sm bg-rose-50 px-2 py-1 text-rose-950 wrap-anywhere dark:bg-rose-400/15 dark:text-rose-50"
                  data-testid="removed-line"
                >
                  <span className="font-semibold">Removed: </span>
                  <del>{line}</del>
                </li>
              ))}
              {change.added.map((line, i) => (
                <li
                  key={`a-${i}-${line}`}
                  className="rounded-sm bg-emerald-50 px-2 py-1 text-emerald-950 wrap-anywhere dark:bg-emerald-400/15 dark:text-emerald-50"
                  data-testid="added-line"
                >
                  <span className="font-semibold">Added: </span>
                  <ins>{line}</ins>
                </li>
              ))}
            </ul>
          </div>
        ))
      ) : (
        <p className="text-sm text-muted-foreground">No changes.</p>
      )}
    </section>
  );
}
