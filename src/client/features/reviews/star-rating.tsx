import { Star } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;
const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/** Read-only stars with their value for screen readers ("4 out of 5 stars"). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`${rating} out of 5 stars`}>
      {STARS.map((n) => (
        <Star key={n} className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40')} aria-hidden="true" />
      ))}
    </span>
  );
}

/**
 * 1–5 stars as a radio group (WAI-ARIA radio pattern): one tab stop, arrows move and choose, Home/End jump, Space or
 * Enter chooses the focused star. 0 means nothing chosen yet.
 */
export function StarRatingInput({
  value,
  onChange,
  label = 'Rating',
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  const [hover, setHover] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;
  // The tab stop is the chosen star, or the first one while none is chosen.
  const tabStop = value || 1;

  const choose = (n: number) => {
    onChange(n);
    refs.current[n - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? n === 5
          ? 1
          : n + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? n === 1
            ? 5
            : n - 1
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? 5
              : event.key === ' ' || event.key === 'Enter'
                ? n
                : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className="grid gap-2">
      <div role="radiogroup" aria-label={label} aria-required="true" className="flex items-center gap-1" onMouseLeave={() => setHover(0)}>
        {STARS.map((n) => (
          <button
            key={n}
            ref={(el) => {
              refs.current[n - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={starLabel(n)}
            tabIndex={n === tabStop ? 0 : -1}
            disabled={disabled}
            className="rounded-md p-1 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
            onClick={() => choose(n)}
            onKeyDown={(e) => onKeyDown(e, n)}
            onMouseEnter={() => setHover(n)}
          >
            <Star className={cn('size-8', n <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50')} aria-hidden="true" />
          </button>
        ))}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {value ? `${starLabel(value)} selected` : 'Choose from 1 to 5 stars'}
      </p>
    </div>
  );
}
