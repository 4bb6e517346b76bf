import { useId } from 'react';

export interface ChartLine {
  label: string;
  values: number[];
  /** A text colour class; the line draws in currentColor. */
  colorClass: string;
  /** Lines differ by dash as well as colour, so they read apart without colour vision. */
  dash?: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = 4;

/**
 * The y-axis: round steps (1, 2, 2.5 or 5 times a power of ten, never below 1, so counts stay whole and money reads
 * in whole dollars) from a multiple of the step at or below the lowest value (0 or a negative day) to one at or above
 * the highest, in at most `maxSteps` steps. E.g. a highest value of 1,075.50 gives 0, 500, 1,000, 1,500.
 */
export function axisTicks(values: number[], maxSteps = 4): number[] {
  const finite = values.filter(Number.isFinite);
  const lo = Math.min(0, ...finite);
  const hi = Math.max(0, ...finite);
  if (hi === lo) return [0, 1];
  let step = 1;
  search: for (let power = 1; ; power *= 10) {
    for (const m of [1, 2, 2.5, 5]) {
      const candidate = m * power;
      if (!Number.isInteger(candidate)) continue;
      if (Math.ceil(hi / candidate) - Math.floor(lo / candidate) <= maxSteps) {
        step = candidate;
        break search;
      }
    }
  }
  const ticks: number[] = [];
  // `+ 0` turns -0 into 0 ("0", not "-0").
  for (let n = Math.floor(lo / step); n <= Math.ceil(hi / step); n++) ticks.push(n * step + 0);
  return ticks;
}

/** Where a value sits in the drawing (y grows downwards), between the axis's lowest and highest ticks. */
function yOf(value: number, lo: number, hi: number): number {
  return HEIGHT - PAD - ((value - lo) / (hi - lo)) * (HEIGHT - 2 * PAD);
}

function points(values: number[], lo: number, hi: number): string {
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? PAD + i * step : WIDTH / 2;
      return `${x.toFixed(1)},${yOf(v, lo, hi).toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A small line chart drawn as inline SVG (no charting library): an image with a title and a description for screen
 * readers, the lines' legend, and the same figures as a table one click away.
 */
export function LineChart({ title, dates, lines, format }: { title: string; dates: string[]; lines: ChartLine[]; format: (value: number) => string }) {
  const id = useId();
  const ticks = axisTicks(lines.flatMap((l) => l.values));
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? '';
  const totals = lines.map((l) => `${l.label}: peak ${format(Math.max(0, ...l.values))}`).join('; ');
  return (
    <figure className="grid min-w-0 gap-3 rounded-lg border bg-card p-4">
      <figcaption className="font-semibold">{title}</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {lines.map((l) => (
          <li key={l.label} className="flex items-center gap-1.5">
            <svg width="20" height="6" aria-hidden="true" className={l.colorClass}>
              <line x1="0" y1="3" x2="20" y2="3" stroke="currentColor" strokeWidth="2" strokeDasharray={l.dash} />
            </svg>
            {l.label}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-[auto_1fr] gap-2 text-xs text-muted-foreground">
        <div className="relative h-40 text-right tabular-nums" aria-hidden="true" data-testid="y-axis">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: `${(yOf(tick, lo, hi) / HEIGHT) * 100}%` }}>
              {format(tick)}
            </span>
          ))}
          {/* Gives the column the width of its longest label (the labels themselves are placed absolutely). */}
          <span className="invisible block h-0 overflow-hidden whitespace-nowrap">{ticks.map(format).reduce((a, b) => (b.length > a.length ? b : a), '')}</span>
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-40 w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
          <title id={`${id}-t`}>{title}</title>
          <desc id={`${id}-d`}>{`Daily figures from ${first} to ${last}. ${totals}.`}</desc>
          {ticks.map((tick) => (
            <line
              key={tick}
              x1="0"
              y1={yOf(tick, lo, hi)}
              x2={WIDTH}
              y2={yOf(tick, lo, hi)}
              className={tick === 0 ? 'stroke-border' : 'stroke-border/50'}
              strokeWidth="1"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {lines.map((l) => (
            <polyline
              key={l.label}
              points={points(l.values, lo, hi)}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeDasharray={l.dash}
              vectorEffect="non-scaling-stroke"
              className={l.colorClass}
            />
          ))}
        </svg>
        <span />
        <div className="flex justify-between" aria-hidden="true">
          <span>{first}</span>
          <span>{last}</span>
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show the figures as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title} per day</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Date
                </th>
                {lines.map((l) => (
                  <th key={l.label} scope="col" className="py-1 pr-3 font-medium">
                    {l.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, i) => (
                <tr key={date} className="border-t">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {date}
                  </th>
                  {lines.map((l) => (
                    <td key={l.label} className="py-1 pr-3">
                      {format(l.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
