import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SettlementDto } from '../../../common/api-types';
import type { PaymentView } from '../../../common/schemas/payment-history';
import { ListSkeleton } from '../../components/paged-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LoadMore } from '../../components/ui/load-more';
import { QueryError } from '../../components/ui/query-error';
import { displayMoney, formatDate } from '../../lib/format';
import type { PagedList } from '../../lib/use-paged-list';
import { PaymentStatusBadge, PayoutBadge } from './payment-status';

export type PaymentViewer = 'lawyer' | 'mediator' | 'admin';

interface Column {
  header: string;
  cell: (p: PaymentView) => ReactNode;
  /** Amounts line up on the right in the table. */
  amount?: boolean;
}

// Lawyers (and admins) follow their money in and out; mediators what is or was paid to them.
const COLUMNS: Record<'payer' | 'payee', Column[]> = {
  payer: [
    { header: 'Date', cell: (p) => <time dateTime={p.createdAt}>{formatDate(p.createdAt)}</time> },
    { header: 'Status', cell: (p) => <PaymentStatusBadge status={p.status} /> },
    { header: 'Charged', cell: (p) => displayMoney(p.totalCharged), amount: true },
    { header: 'Refunded', cell: (p) => displayMoney(p.totalRefunded), amount: true },
  ],
  // The same four figures as the request page, the statement and the admins' view (issue 21); the plan beside them
  // only while it still stands.
  payee: [
    {
      header: 'Paid on',
      cell: (p) =>
        p.paidAt ? (
          <time dateTime={p.paidAt} className="whitespace-nowrap">
            {formatDate(p.paidAt)}
          </time>
        ) : (
          'Not yet'
        ),
    },
    { header: 'Status', cell: (p) => <PayoutBadge payment={p} /> },
    // Short headers keep the table readable beside the sidebar; the statement says "to the lawyer's card" in full.
    { header: 'Charged', cell: (p) => <Figure figure="charged" amount={p.settlement.charged} />, amount: true },
    { header: 'Refunded', cell: (p) => <Figure figure="refunded" amount={p.settlement.refunded} />, amount: true },
    {
      header: 'Platform fee',
      cell: (p) => <Figure figure="platformFeeKept" amount={p.settlement.platformFeeKept} planned={p.settlement.planned?.platformFee} />,
      amount: true,
    },
    {
      header: 'Paid to you',
      cell: (p) => <Figure figure="paidToMediator" amount={p.settlement.paidToMediator} planned={p.settlement.planned?.mediatorPayout} />,
      amount: true,
    },
  ],
};

/** What happened (marked with its figure, as on every page that shows it), and under it the plan while it stands. */
function Figure({ figure, amount, planned }: { figure: keyof SettlementDto; amount: string; planned?: string }) {
  return (
    <>
      <span className="block" data-figure={figure}>
        {displayMoney(amount)}
      </span>
      {planned ? <span className="block text-xs text-muted-foreground">{displayMoney(planned)} planned</span> : null}
    </>
  );
}

function CaseCell({ payment }: { payment: PaymentView }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{payment.caseName}</p>
      <p className="text-sm text-muted-foreground break-words">{payment.caseNumber}</p>
    </div>
  );
}

function Links({ payment, viewer }: { payment: PaymentView; viewer: PaymentViewer }) {
  const document = viewer === 'mediator' ? 'Statement' : 'Receipt';
  return (
    <div className="flex flex-wrap gap-2">
      {/* The names carry the case: a list of identical "View request" links says nothing to a screen reader. */}
      <Button asChild variant="outline" size="sm">
        <Link to={`/requests/${payment.requestId}`} aria-label={`View request ${payment.caseName}`}>
          View request
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to={`/payments/${payment.id}/receipt`} aria-label={`${document} for ${payment.caseName}`}>
          {document}
        </Link>
      </Button>
    </div>
  );
}

/** Phones: one card per payment. */
function PaymentCards({ items, columns, viewer }: { items: PaymentView[]; columns: Column[]; viewer: PaymentViewer }) {
  return (
    <ul className="grid gap-3 lg:hidden" aria-label="Payments">
      {items.map((p) => (
        <li key={p.id}>
          <Card>
            <CardContent className="grid gap-3 p-4">
              <CaseCell payment={p} />
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {columns.map((c) => (
                  <div key={c.header} className="grid gap-0.5">
                    <dt className="text-muted-foreground">{c.header}</dt>
                    <dd className={c.amount ? 'tabular-nums' : undefined}>{c.cell(p)}</dd>
                  </div>
                ))}
              </dl>
              <Links payment={p} viewer={viewer} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Desktop: a table, one row per payment. */
function PaymentTable({ items, columns, viewer }: { items: PaymentView[]; columns: Column[]; viewer: PaymentViewer }) {
  return (
    <Card className="hidden overflow-x-auto lg:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Payments, newest first</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="px-4 py-3 font-medium">
              Case
            </th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 font-medium ${c.amount ? 'text-right' : ''}`}>
                {c.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Links</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} className="border-b last:border-b-0 align-top">
              <td className="px-4 py-3">
                <CaseCell payment={p} />
              </td>
              {columns.map((c) => (
                <td key={c.header} className={`px-4 py-3 ${c.amount ? 'text-right tabular-nums' : ''}`}>
                  {c.cell(p)}
                </td>
              ))}
              <td className="px-4 py-3">
                <Links payment={p} viewer={viewer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * The payments page's list: cards on phones, a table on wider screens, page by page ('Load more' follows the
 * cursor). A skeleton while the first page loads, the error with 'Try again', or `empty` when there is nothing.
 */
export function PaymentsList({ list, viewer, empty }: { list: PagedList<PaymentView>; viewer: PaymentViewer; empty: ReactNode }) {
  if (list.isLoading) return <ListSkeleton label="Loading payments" className="h-24" />;
  const failure = list.error && !list.isFetchNextPageError ? <QueryError error={list.error} onRetry={list.refetch} retrying={list.isRefetching} /> : null;
  if (!list.items.length) return failure ?? empty;
  const columns = COLUMNS[viewer === 'mediator' ? 'payee' : 'payer'];
  return (
    <div className="grid gap-4">
      {failure}
      <PaymentCards items={list.items} columns={columns} viewer={viewer} />
      <PaymentTable items={list.items} columns={columns} viewer={viewer} />
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? list.error : undefined}
        onLoadMore={list.fetchNextPage}
      />
    </div>
  );
}
