import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SubscriptionChargeDto } from '../../../common/schemas/subscription-charges';
import { ListSkeleton } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { LoadMore } from '../../components/ui/load-more';
import { QueryError } from '../../components/ui/query-error';
import { displayMoney, formatDate } from '../../lib/format';
import type { PagedList } from '../../lib/use-paged-list';
import { CHARGE_STATUS, chargeDescription, chargePeriod, hasRefund } from './charge-labels';

interface Column {
  header: string;
  cell: (c: SubscriptionChargeDto) => ReactNode;
  /** Amounts line up on the right in the table. */
  amount?: boolean;
}

const COLUMNS: Column[] = [
  { header: 'Date', cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time> },
  {
    header: 'Plan',
    cell: (c) => (
      <>
        <span className="block">{chargeDescription(c)}</span>
        {c.failureMessage ? <span className="block text-xs text-muted-foreground">{c.failureMessage}</span> : null}
      </>
    ),
  },
  { header: 'Period', cell: (c) => chargePeriod(c) ?? '—' },
  { header: 'Amount', cell: (c) => (c.kind === 'refund' ? `−${displayMoney(c.amount)}` : displayMoney(c.amount)), amount: true },
  { header: 'Refunded', cell: (c) => (c.kind !== 'refund' && hasRefund(c) ? displayMoney(c.refundedAmount) : '—'), amount: true },
  { header: 'Status', cell: (c) => <Badge tone={CHARGE_STATUS[c.status].tone}>{CHARGE_STATUS[c.status].label}</Badge> },
];

function ReceiptLink({ charge }: { charge: SubscriptionChargeDto }) {
  return (
    <Button asChild variant="ghost" size="sm">
      {/* The name carries the charge: a column of identical "Receipt" links says nothing to a screen reader. */}
      <Link to={`/subscription/charges/${charge.id}/receipt`} aria-label={`Receipt for ${chargeDescription(charge)}, ${formatDate(charge.createdAt)}`}>
        Receipt
      </Link>
    </Button>
  );
}

/** Phones: one card per charge. */
function ChargeCards({ items }: { items: SubscriptionChargeDto[] }) {
  return (
    <ul className="grid gap-3 lg:hidden" aria-label="Subscription charges">
      {items.map((charge) => (
        <li key={charge.id}>
          <Card>
            <CardContent className="grid gap-3 p-4">
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {COLUMNS.map((c) => (
                  <div key={c.header} className="grid min-w-0 gap-0.5">
                    <dt className="text-muted-foreground">{c.header}</dt>
                    <dd className={c.amount ? 'tabular-nums' : 'break-words'}>{c.cell(charge)}</dd>
                  </div>
                ))}
              </dl>
              <div>
                <ReceiptLink charge={charge} />
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Desktop: a table, one row per charge. */
function ChargeTable({ items }: { items: SubscriptionChargeDto[] }) {
  return (
    <Card className="hidden overflow-x-auto lg:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Subscription charges, newest first</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {COLUMNS.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 font-medium ${c.amount ? 'text-right' : ''}`}>
                {c.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((charge) => (
            <tr key={charge.id} className="border-b last:border-b-0 align-top">
              {COLUMNS.map((c) => (
                <td key={c.header} className={`px-4 py-3 ${c.amount ? 'text-right tabular-nums whitespace-nowrap' : ''}`}>
                  {c.cell(charge)}
                </td>
              ))}
              <td className="px-4 py-3">
                <ReceiptLink charge={charge} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * The mediator's subscription charges (decision 038): date, plan, period, amount, what was refunded and the status,
 * each with a printable receipt. Cards on phones, a table on wider screens, page by page.
 */
export function SubscriptionChargesList({ list }: { list: PagedList<SubscriptionChargeDto> }) {
  if (list.isLoading) return <ListSkeleton label="Loading your charges" rows={2} className="h-20" />;
  const failure = list.error && !list.isFetchNextPageError ? <QueryError error={list.error} onRetry={list.refetch} retrying={list.isRefetching} /> : null;
  if (!list.items.length) {
    return (
      failure ?? (
        <Card>
          <CardContent className="p-6 text-sm text-muted-foreground">
            No charges yet. When you upgrade, each month’s charge appears here with its receipt.
          </CardContent>
        </Card>
      )
    );
  }
  return (
    <div className="grid gap-4">
      {failure}
      <ChargeCards items={list.items} />
      <ChargeTable items={list.items} />
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? list.error : undefined}
        onLoadMore={list.fetchNextPage}
      />
    </div>
  );
}
