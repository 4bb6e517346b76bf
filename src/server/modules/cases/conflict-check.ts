// The conflict check at acceptance (issue 23, docs/decisions/047): this case's parties and firms against those of the
// mediator's earlier cases. Reads only; the accept use case (requests module) and the preview call it.
import { findConflicts } from '../../../common/domain/conflicts';
import type { DbOrTx } from '../../db/client';
import type { ConflictMatch } from '../../db/schema';
import { caseNamesForCheck, earlierCaseNames } from './parties.repo';

/**
 * The matches for `mediatorId` accepting `requestId`. A case that never used the two-sided features (no parties
 * listed, nobody joined) is not checked: it keeps the spec's accept exactly (RULES.md 5's confirmation alone).
 */
export async function conflictsFor(db: DbOrTx, requestId: string, mediatorId: string): Promise<ConflictMatch[]> {
  const names = await caseNamesForCheck(db, requestId);
  if (!names?.length) return [];
  return findConflicts(names, await earlierCaseNames(db, mediatorId, requestId));
}
