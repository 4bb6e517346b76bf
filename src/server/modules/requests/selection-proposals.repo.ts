import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediatorAcceptances, selectionProposals, users } from '../../db/schema';

export type ProposalRow = typeof selectionProposals.$inferSelect;

/** The request's latest proposal (by the order they were made in: an open one is always the latest), with the name. */
export async function latestProposal(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select({ proposal: selectionProposals, firstName: users.firstName, lastName: users.lastName })
    .from(selectionProposals)
    .innerJoin(users, eq(users.id, selectionProposals.mediatorId))
    .where(eq(selectionProposals.requestId, requestId))
    .orderBy(desc(selectionProposals.seq))
    .limit(1);
  return row;
}

export async function insertProposal(tx: DbOrTx, values: typeof selectionProposals.$inferInsert): Promise<ProposalRow> {
  const [row] = await tx.insert(selectionProposals).values(values).returning();
  return row;
}

/**
 * The open proposal's answer (approved, declined, withdrawn) as a conditional update: of answers arriving at once,
 * only one finds it open.
 */
export async function answerProposal(
  tx: DbOrTx,
  id: string,
  values: { status: 'approved' | 'declined' | 'withdrawn'; respondedById: string; declineReason?: string | null; respondedAt: Date },
): Promise<ProposalRow | undefined> {
  const [row] = await tx
    .update(selectionProposals)
    .set(values)
    .where(and(eq(selectionProposals.id, id), eq(selectionProposals.status, 'proposed')))
    .returning();
  return row;
}

/** Whether the other side approved this mediator (the latest answer for the request, not withdrawn since). */
/**
 * Whether the other side approved this mediator: the latest proposal names them, approved, and was made on their
 * current acceptance (a mediator who withdrew and accepted again, maybe on other terms, is proposed again).
 */
export async function isApproved(db: DbOrTx, requestId: string, mediatorId: string): Promise<boolean> {
  const latest = await latestProposal(db, requestId);
  if (latest?.proposal.status !== 'approved' || latest.proposal.mediatorId !== mediatorId) return false;
  const [acceptance] = await db
    .select({ acceptedAt: mediatorAcceptances.acceptedAt })
    .from(mediatorAcceptances)
    .where(and(eq(mediatorAcceptances.requestId, requestId), eq(mediatorAcceptances.mediatorId, mediatorId)))
    .limit(1);
  return acceptance !== undefined && latest.proposal.createdAt >= acceptance.acceptedAt;
}

/** A mediator withdrew: the open proposal naming them closes (nobody can approve it any more). True if one did. */
export async function closeOpenProposalOf(tx: DbOrTx, requestId: string, mediatorId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(selectionProposals)
    .set({ status: 'withdrawn', respondedById: mediatorId, respondedAt: at })
    .where(and(eq(selectionProposals.requestId, requestId), eq(selectionProposals.mediatorId, mediatorId), eq(selectionProposals.status, 'proposed')))
    .returning({ id: selectionProposals.id });
  return rows.length > 0;
}
