import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';

// A case's invoice number (decision 053): issued once, the first time the invoice is asked for.

export type InvoiceRow = typeof invoices.$inferSelect;

/** The case's invoice, issued now if it has none (two at once: one number; the other insert does nothing). */
export async function issueInvoice(db: DbOrTx, requestId: string, at: Date): Promise<InvoiceRow> {
  await db.insert(invoices).values({ requestId, issuedAt: at }).onConflictDoNothing({ target: invoices.requestId });
  const [row] = await db.select().from(invoices).where(eq(invoices.requestId, requestId)).limit(1);
  return row;
}
