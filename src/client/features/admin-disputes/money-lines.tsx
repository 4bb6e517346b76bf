import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** Label/amount pairs as a definition list, amounts right-aligned (the dispute's money and a resolution's preview). */
export function MoneyLines({
  label,
  lines,
  className,
}: {
  label: string;
  lines: { term: ReactNode; value: ReactNode; strong?: boolean }[];
  className?: string;
}) {
  return (
    <dl aria-label={label} className={cn('grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border bg-muted/50 p-4 text-sm', className)}>
      {lines.map((line, i) => (
        <div key={i} className="contents">
          <dt className={cn(line.strong && 'border-t pt-2 font-semibold')}>{line.term}</dt>
          <dd className={cn('text-right tabular-nums', line.strong && 'border-t pt-2 font-semibold')}>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
