import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import { parseCents } from '../../../common/money';
import { InvoiceLink } from '../../components/invoice-link';
import { SettlementFigures, type SettlementReader } from '../../components/settlement-figures';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/**
 * The request's money as it stands (issue 21): what was charged and where it went, for the owning lawyer, the selected
 * mediator and admins (the server sends `settlement` to them only). Nothing until something has been charged: a
 * draft's deposit card and a cancelled draft's notice say that already. On a two-sided case the figures are both
 * sides' money together: the owning lawyer reads them as such, and their own on their receipt (decision 049).
 */
export function PaymentFiguresCard({ request, reader }: { request: RequestDto; reader: SettlementReader }) {
  const { settlement } = request;
  if (!settlement || (parseCents(settlement.charged) ?? 0) === 0) return null;
  const shared = reader === 'lawyer' && !!request.opposingLawyerId;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet className="size-5 text-primary" aria-hidden="true" />
          Payment
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {shared ? (
          <p className="text-sm text-muted-foreground">The case&apos;s money, both sides together. What you paid and got back is on your receipt.</p>
        ) : null}
        <SettlementFigures settlement={settlement} reader={shared ? 'sides' : reader} />
        {/* A two-sided case's invoice is on its "Sharing the fee" card, which both sides see. */}
        {request.opposingLawyerId ? null : <InvoiceLink request={request} />}
        {reader !== 'admin' ? (
          <p className="text-sm">
            <Link to="/payments" className="underline underline-offset-4">
              {reader === 'mediator' ? 'Your earnings and statements' : 'Your payments and receipts'}
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
