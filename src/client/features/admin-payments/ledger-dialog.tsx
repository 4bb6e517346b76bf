import { Link } from 'react-router';
import type { AdminPayment } from '../../../common/schemas/admin-lists';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { displayMoney, formatDateTime } from '../../lib/format';
import { LEDGER_KIND_LABELS } from './labels';

/**
 * One payment's ledger (RULES.md 2): every charge, refund and transfer with its amount, the commission kept out of it,
 * the provider's reference, the note recorded with it and when. A table that scrolls inside its own box on a phone.
 */
export function LedgerDialog({ payment, onOpenChange }: { payment: AdminPayment; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Ledger: {payment.caseName}</DialogTitle>
          <DialogDescription>
            Case #{payment.caseNumber}. <Link to={`/requests/${payment.requestId}`}>Open the request</Link>
          </DialogDescription>
        </DialogHeader>
        {payment.ledger.length ? (
          <div className="overflow-x-auto rounded-lg border" role="region" aria-label="Ledger lines" tabIndex={0}>
            <table className="w-full min-w-[44rem] text-sm">
              <thead className="bg-muted/50 text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="p-2 font-medium">
                    Movement
                  </th>
                  <th scope="col" className="p-2 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="p-2 text-right font-medium">
                    Platform fee
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Provider reference
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Note
                  </th>
                  <th scope="col" className="p-2 font-medium">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody>
                {payment.ledger.map((entry) => (
                  <tr key={entry.id} className="border-t align-top">
                    <td className="p-2">{LEDGER_KIND_LABELS[entry.kind]}</td>
                    <td className="p-2 text-right tabular-nums">{displayMoney(entry.amount)}</td>
                    <td className="p-2 text-right tabular-nums">{displayMoney(entry.platformFee)}</td>
                    <td className="p-2 font-mono text-xs break-all">{entry.providerRef}</td>
                    <td className="p-2 wrap-anywhere text-muted-foreground">{entry.note ?? '—'}</td>
                    <td className="p-2 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Nothing has been charged or transferred yet.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
