import type { SelectionProposalDto } from '../../../common/schemas/cases';
import type { latestProposal } from './selection-proposals.repo';

export function presentProposal(row: Awaited<ReturnType<typeof latestProposal>> | undefined): SelectionProposalDto | null {
  if (!row) return null;
  const { proposal } = row;
  return {
    id: proposal.id,
    mediatorId: proposal.mediatorId,
    mediatorName: `${row.firstName} ${row.lastName}`.trim(),
    status: proposal.status,
    declineReason: proposal.declineReason,
    createdAt: proposal.createdAt.toISOString(),
    respondedAt: proposal.respondedAt?.toISOString() ?? null,
  };
}
