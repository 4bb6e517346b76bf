import type { PaymentStatus } from '../../../common/enums';
import type { AdminPayment } from '../../../common/schemas/admin-lists';
import { usePagedList } from '../../lib/use-paged-list';

export const paymentKeys = {
  all: ['/api/admin/payments'] as const,
  list: (status: PaymentStatus | '') => ['/api/admin/payments', 'list', status] as const,
};

/** Every payment (or those in one status), newest first, page by page (X-Next-Cursor). */
export function useAdminPayments(status: PaymentStatus | '') {
  return usePagedList<AdminPayment>({
    queryKey: paymentKeys.list(status),
    url: status ? `/api/admin/payments?status=${status}` : '/api/admin/payments',
  });
}
