import type { ReactNode } from 'react';
import { APP_NAME } from '../../../common/constants';
import { formatDate } from '../../lib/format';
import './receipt-print.css';

/**
 * A printable receipt's frame, shared by the payments' receipts and statements and the subscription receipts: the
 * platform, the title, the details, the lines (`children`, usually a ReceiptTable), what comes after them and the note.
 * receipt-print.css prints it alone, black on white, whatever the theme.
 */
export function ReceiptDocument({
  title,
  details,
  children,
  topic,
}: {
  title: string;
  details: [string, ReactNode][];
  children: ReactNode;
  /** What the closing note calls it: 'receipt', 'statement'. */
  topic: string;
}) {
  return (
    <article data-receipt aria-labelledby="receipt-title" className="grid gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-4">
        <p className="font-serif text-2xl font-semibold">{APP_NAME}</p>
        <h1 id="receipt-title" className="text-lg font-semibold">
          {title}
        </h1>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {details.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <p className="text-xs text-muted-foreground">Amounts in US dollars. Questions about this {topic}? Contact us through the Contact page.</p>
    </article>
  );
}

export interface ReceiptLine {
  key: string;
  date: string;
  label: ReactNode;
  detail?: ReactNode;
  amount: string;
}

/** The lines (date, description with its detail, amount) and the totals, the last of which is the bold one. */
export function ReceiptTable({ caption, lines, empty, totals }: { caption: string; lines: ReceiptLine[]; empty: string; totals: [string, string][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-3 font-medium">
            Date
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Description
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.length ? (
          lines.map((line) => (
            <tr key={line.key} className="border-b align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <time dateTime={line.date}>{formatDate(line.date)}</time>
              </td>
              <td className="py-2 pr-3">
                <span className="block">{line.label}</span>
                {line.detail ? <span className="block text-muted-foreground">{line.detail}</span> : null}
              </td>
              <td className="py-2 text-right tabular-nums whitespace-nowrap">{line.amount}</td>
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={3} className="py-4 text-muted-foreground">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
      <tfoot>
        {totals.map(([label, value], i) => {
          const last = i === totals.length - 1;
          return (
            <tr key={label} className={i === 0 ? 'border-t-2' : undefined}>
              <th scope="row" colSpan={2} className={`py-1.5 text-left ${last ? 'font-semibold' : 'font-medium'}`}>
                {label}
              </th>
              <td className={`py-1.5 text-right tabular-nums ${last ? 'font-semibold' : ''}`}>{value}</td>
            </tr>
          );
        })}
      </tfoot>
    </table>
  );
}
