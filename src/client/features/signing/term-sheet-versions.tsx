import { GitCompare } from 'lucide-react';
import { useId, useState } from 'react';
import type { TermSheetVersion } from '../../../common/schemas/signing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { TermSheetContentView } from './term-sheet-content';
import { TermSheetDiff } from './term-sheet-diff';
import { VERSION_STATUS } from './view';

/**
 * Every version, the newest first; the one chosen (the newest until another is) is shown in full, and can be compared
 * with the version before it.
 */
export function TermSheetVersions({ versions }: { versions: TermSheetVersion[] }) {
  const id = useId();
  const ordered = [...versions].sort((a, b) => b.number - a.number);
  const [chosen, setChosen] = useState<number | null>(null);
  const [comparing, setComparing] = useState(false);
  const shown = ordered.find((v) => v.number === chosen) ?? ordered[0];
  if (!shown) return null;
  const previous = ordered.find((v) => v.number < shown.number);
  const choose = (number: number) => {
    setChosen(number);
    setComparing(false);
  };
  return (
    <div className="grid gap-4">
      <section className="grid gap-2" aria-labelledby={`${id}-versions`}>
        <h3 id={`${id}-versions`} className="text-sm font-semibold">
          Versions
        </h3>
        <ul className="grid gap-2">
          {ordered.map((v) => {
            const status = VERSION_STATUS[v.status];
            const current = v.number === shown.number;
            return (
              <li key={v.number} className={cn('grid gap-1 rounded-lg border p-3', current && 'border-primary/50 bg-primary/5')} data-testid="version">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Button variant="link" className="h-auto p-0" aria-pressed={current} onClick={() => choose(v.number)}>
                    Version {v.number}
                  </Button>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
                <p className="text-xs text-muted-foreground wrap-anywhere">
                  By {v.createdBy}, {formatDateTime(v.createdAt)}
                </p>
                {v.note ? <p className="text-sm wrap-anywhere">{v.note}</p> : null}
              </li>
            );
          })}
        </ul>
      </section>
      <section className="grid gap-3" aria-labelledby={`${id}-shown`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-shown`} className="font-medium">
            Version {shown.number}
          </h3>
          {previous ? (
            <Button variant="outline" size="sm" aria-expanded={comparing} onClick={() => setComparing((c) => !c)}>
              <GitCompare aria-hidden="true" />
              Compare with version {previous.number}
            </Button>
          ) : null}
        </div>
        {comparing && previous ? (
          <TermSheetDiff before={previous.content} after={shown.content} label={`Changes from version ${previous.number} to version ${shown.number}`} />
        ) : null}
        <TermSheetContentView content={shown.content} />
      </section>
    </div>
  );
}
