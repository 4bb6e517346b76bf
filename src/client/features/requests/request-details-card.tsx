import type { ReactNode } from 'react';
import type { RequestDto } from '../../../common/api-types';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { displayMoney, formatDate } from '../../lib/format';
import { payoutShown } from './payout-shown';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * Opposing counsel as the viewer sees them: the details the request names, or for the second side's own counsel
 * (issue 23), who read themselves there, the first side's counsel: the other side, relative to the viewer.
 */
function opposingCounselFor(request: RequestDto, viewerId: string | undefined) {
  const first = request.sides?.first;
  if (viewerId && viewerId === request.opposingLawyerId && first) {
    return { name: `${first.firstName} ${first.lastName}`, firmName: first.firmName, barNumber: null, email: first.email, phone: null };
  }
  return {
    name: request.opposingLawyerName,
    firmName: request.opposingLawyerFirmName,
    barNumber: request.opposingLawyerBarNumber,
    email: request.opposingLawyerEmail,
    phone: request.opposingLawyerPhone,
  };
}

/** The details card (spec 2 /requests/{id}); mediators see their payout, and contacts only once selected. */
export function RequestDetailsCard({ request, isMediator, viewerId }: { request: RequestDto; isMediator: boolean; viewerId?: string }) {
  const opposing = opposingCounselFor(request, viewerId);
  const pricing =
    request.pricingModel === 'flat'
      ? `Flat fee ${displayMoney(request.flatFee)}`
      : `${displayMoney(request.hourlyRate)}/hour × ${request.hoursNeeded ?? '?'} hours`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Case details</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <div>
          <h3 className="text-sm text-muted-foreground">Case description</h3>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">{request.caseDescription}</p>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="Dispute type">{request.disputeType}</Item>
          <Item label="Jurisdiction">{request.jurisdiction}</Item>
          <Item label="Desired date">{request.desiredDate ? formatDate(request.desiredDate) : 'Flexible'}</Item>
          <Item label={isMediator ? 'Your Payout' : 'Budget'}>{displayMoney(isMediator ? payoutShown(request) : request.budget)}</Item>
          <Item label="Mediation type">{request.mediationType === 'online' ? 'Online' : 'In person'}</Item>
          <Item label="Pricing">{pricing}</Item>
          {request.courtInfo ? <Item label="Court">{request.courtInfo}</Item> : null}
          {request.trialDate ? <Item label="Trial date">{formatDate(request.trialDate)}</Item> : null}
          {/* The planned fee only while it is the plan; what was kept is on the Payment card (issue 21). */}
          {!isMediator && (!request.settlement || request.settlement.planned) ? <Item label="Platform fee">{displayMoney(request.platformFee)}</Item> : null}
        </dl>
        {opposing.name || opposing.firmName ? (
          <div>
            <h3 className="text-sm font-semibold">Opposing counsel</h3>
            <dl className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {opposing.name ? <Item label="Name">{opposing.name}</Item> : null}
              {opposing.firmName ? <Item label="Firm">{opposing.firmName}</Item> : null}
              {opposing.barNumber ? <Item label="Bar number">{opposing.barNumber}</Item> : null}
              {opposing.email ? <Item label="Email">{opposing.email}</Item> : null}
              {opposing.phone ? <Item label="Phone">{opposing.phone}</Item> : null}
            </dl>
          </div>
        ) : null}
        {/* The documents themselves are on their own card (case-documents-card.tsx, issue 23). */}
        {isMediator && !request.fullAccess ? (
          <p className="text-sm text-muted-foreground">Documents and opposing counsel's contact details are shared with the selected mediator.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
