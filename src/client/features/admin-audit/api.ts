import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { usePagedList } from '../../lib/use-paged-list';

export const auditKeys = {
  all: ['/api/admin/audit-log'] as const,
  list: (action: string) => ['/api/admin/audit-log', 'list', action] as const,
};

/** The audit log, newest first, optionally one action only, page by page (X-Next-Cursor). */
export function useAuditLog(action: string) {
  const query = action ? `?${new URLSearchParams({ action })}` : '';
  return usePagedList<AuditEntryDto>({ queryKey: auditKeys.list(action), url: `/api/admin/audit-log${query}` });
}
