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

function points(values: number[], max: number): string {
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? PAD + i * step : WIDTH / 2;
      const y = HEIGHT - PAD - (max > 0 ? (v / max) * (HEIGHT - 2 * PAD) : 0);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A small line chart drawn as inline SVG (no charting library): an image with a title and a description for screen
 * readers, the lines' legend, and the same figures as a table one click away.
 */
export function LineChart({ title, dates, lines, format }: { title: string; dates: string[]; lines: ChartLine[]; format: (value: number) => string }) {
  const id = useId();
  const max = Math.max(0, ...lines.flatMap((l) => l.values));
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
        <div className="flex flex-col justify-between text-right tabular-nums" aria-hidden="true">
          <span>{format(max)}</span>
          <span>{format(0)}</span>
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-40 w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
          <title id={`${id}-t`}>{title}</title>
          <desc id={`${id}-d`}>{`Daily figures from ${first} to ${last}. ${totals}.`}</desc>
          <line x1="0" y1={HEIGHT - PAD} x2={WIDTH} y2={HEIGHT - PAD} className="stroke-border" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {lines.map((l) => (
            <polyline
              key={l.label}
              points={points(l.values, max)}
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
