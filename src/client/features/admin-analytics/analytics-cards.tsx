import { Activity, Banknote, CircleDollarSign, FileText, Handshake, Landmark, Scale, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AnalyticsFigures } from '../../../common/schemas/admin-analytics';
import { displayMoney } from '../../lib/format';
import { StatCard } from '../../components/stat-card';

/**
 * Under "Total Revenue": what the figure counts, and how much of it the escrow still holds (money a mediator has not
 * been paid and a lawyer may still get back), so the figure is not read as the platform's own money.
 */
function RevenueHint({ figures }: { figures: AnalyticsFigures }) {
  const nothingHeld = /^-?0\.00$/.test(figures.heldInEscrow);
  return (
    <>
      <span className="block">Charged to cards in this range, less refunds.</span>
      <span className="block">
        {nothingHeld ? 'None of those charges is still held in escrow.' : `${displayMoney(figures.heldInEscrow)} of those charges is still held in escrow.`}
      </span>
    </>
  );
}

interface CardSpec {
  label: string;
  icon: typeof UserPlus;
  value: (f: AnalyticsFigures) => string;
  hint?: (f: AnalyticsFigures) => ReactNode;
}

/** Spec 2 /admin's eight stat cards, in the spec's order (what each counts: docs/decisions/021 and 036). */
const CARDS: CardSpec[] = [
  { label: 'Mediator Signups', icon: UserPlus, value: (f) => f.totalMediatorSignups.toLocaleString() },
  { label: 'Lawyer Signups', icon: Scale, value: (f) => f.totalLawyerSignups.toLocaleString() },
  { label: 'Mediations Submitted', icon: FileText, value: (f) => f.totalMediationsSubmitted.toLocaleString() },
  { label: 'Mediations Matched', icon: Handshake, value: (f) => f.totalMediationsMatched.toLocaleString() },
  { label: 'Total Revenue', icon: CircleDollarSign, value: (f) => displayMoney(f.totalRevenue), hint: (f) => <RevenueHint figures={f} /> },
  { label: 'Platform Revenue', icon: Landmark, value: (f) => displayMoney(f.totalForPlatform) },
  { label: 'Mediator Payouts', icon: Banknote, value: (f) => displayMoney(f.totalForMediators) },
  { label: 'Active Users', icon: Activity, value: (f) => f.activeUsers.toLocaleString() },
];

export function AnalyticsCards({ figures }: { figures: AnalyticsFigures | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Figures for the range">
      {CARDS.map((card) => (
        <li key={card.label} className="min-w-0">
          <StatCard
            label={card.label}
            icon={card.icon}
            loading={!figures}
            value={figures ? card.value(figures) : null}
            hint={figures && card.hint ? card.hint(figures) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
