// The parties and firms each side of a case lists, and the names the conflict check compares (docs/decisions/047).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CaseSide } from '../../../common/enums';
import type { CaseName, EarlierCaseName } from '../../../common/domain/conflicts';
import type { DbOrTx } from '../../db/client';
import { caseParties } from '../../db/schema';

export type CasePartyRow = typeof caseParties.$inferSelect;

export async function partiesOf(db: DbOrTx, requestId: string): Promise<CasePartyRow[]> {
  return db.select().from(caseParties).where(eq(caseParties.requestId, requestId)).orderBy(caseParties.side, caseParties.createdAt, caseParties.id);
}

/**
 * Replaces one side's list of parties and firms. The table has no position column, so the list's order is kept in
 * `created_at`, a millisecond apart from `at` on.
 */
export async function replaceParties(
  tx: DbOrTx,
  requestId: string,
  side: CaseSide,
  parties: { kind: 'party' | 'firm'; name: string }[],
  at: Date,
): Promise<void> {
  await tx.delete(caseParties).where(and(eq(caseParties.requestId, requestId), eq(caseParties.side, side)));
  if (parties.length)
    await tx.insert(caseParties).values(parties.map((p, i) => ({ kind: p.kind, name: p.name, requestId, side, createdAt: new Date(at.getTime() + i) })));
}

type Rows<T> = { rows: T[] };

/**
 * Every name of a set of requests the check compares: the parties both sides listed, the posting lawyer's firm, the
 * firm typed for opposing counsel on the form, and the firm of the counsel who joined. `requests` is a SQL subquery
 * giving the requests' ids.
 */
function namesOf(requests: SQL): SQL {
  return sql`
    SELECT p.request_id, p.kind::text AS kind, p.name FROM case_parties p WHERE p.request_id IN (${requests})
    UNION ALL
    SELECT r.id, 'firm', lp.firm_name FROM mediation_requests r JOIN lawyer_profiles lp ON lp.user_id = r.lawyer_id
      WHERE r.id IN (${requests}) AND lp.firm_name IS NOT NULL
    UNION ALL
    SELECT r.id, 'firm', r.opposing_lawyer_firm_name FROM mediation_requests r
      WHERE r.id IN (${requests}) AND r.opposing_lawyer_firm_name IS NOT NULL
    UNION ALL
    SELECT r.id, 'firm', lp.firm_name FROM mediation_requests r JOIN lawyer_profiles lp ON lp.user_id = r.opposing_lawyer_id
      WHERE r.id IN (${requests}) AND lp.firm_name IS NOT NULL`;
}

/** This case's names, or null when the case never used the two-sided features (no list, nobody joined). */
export async function caseNamesForCheck(db: DbOrTx, requestId: string): Promise<CaseName[] | null> {
  const engaged = (await db.execute(sql`
    SELECT (opposing_lawyer_id IS NOT NULL OR EXISTS (SELECT 1 FROM case_parties WHERE request_id = ${requestId}::uuid)) AS engaged
      FROM mediation_requests WHERE id = ${requestId}::uuid`)) as unknown as Rows<{ engaged: boolean }>;
  if (!engaged.rows[0]?.engaged) return null;
  const names = (await db.execute(namesOf(sql`SELECT ${requestId}::uuid`))) as unknown as Rows<CaseName>;
  return names.rows.map((r) => ({ kind: r.kind, name: r.name }));
}

/**
 * The names of the mediator's earlier cases: every other request they are the selected mediator of, whatever its
 * status now (a selection means they learned the parties, even if the case was cancelled later).
 */
export async function earlierCaseNames(db: DbOrTx, mediatorId: string, requestId: string): Promise<EarlierCaseName[]> {
  const earlier = sql`SELECT id FROM mediation_requests WHERE selected_mediator_id = ${mediatorId}::uuid AND id <> ${requestId}::uuid`;
  const result = (await db.execute(sql`
    SELECT n.kind, n.name, r.case_name AS "caseName", r.case_number AS "caseNumber"
      FROM (${namesOf(earlier)}) AS n (request_id, kind, name)
      JOIN mediation_requests r ON r.id = n.request_id
      ORDER BY r.created_at, r.id`)) as unknown as Rows<EarlierCaseName>;
  return result.rows;
}
