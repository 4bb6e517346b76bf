import { FileDown } from 'lucide-react';
import type { RequestDto } from '../../common/api-types';

const INVOICED: readonly string[] = ['matched', 'in_progress', 'completed'];

/** The case's numbered invoice (PDF, decision 053), once a mediator is selected and the fee is final. */
export function InvoiceLink({ request }: { request: Pick<RequestDto, 'id' | 'status'> }) {
  if (!INVOICED.includes(request.status)) return null;
  return (
    <a href={`/api/requests/${request.id}/invoice`} download className="inline-flex items-center gap-1 text-sm underline underline-offset-4">
      <FileDown className="size-4" aria-hidden="true" />
      Download the invoice (PDF)
    </a>
  );
}
