import { Activity, Banknote, CircleDollarSign, FileText, Handshake, Landmark, Scale, UserPlus } from 'lucide-react';
import type { AnalyticsFigures } from '../../../common/schemas/admin-analytics';
import { displayMoney } from '../../lib/format';
import { StatCard } from '../../components/stat-card';

/** Spec 2 /admin's eight stat cards, in the spec's order (what each counts: docs/decisions/021). */
const CARDS = [
  { label: 'Mediator Signups', icon: UserPlus, value: (f: AnalyticsFigures) => f.mediatorSignups.toLocaleString() },
  { label: 'Lawyer Signups', icon: Scale, value: (f: AnalyticsFigures) => f.lawyerSignups.toLocaleString() },
  { label: 'Mediations Submitted', icon: FileText, value: (f: AnalyticsFigures) => f.mediationsSubmitted.toLocaleString() },
  { label: 'Mediations Matched', icon: Handshake, value: (f: AnalyticsFigures) => f.mediationsMatched.toLocaleString() },
  { label: 'Total Revenue', icon: CircleDollarSign, value: (f: AnalyticsFigures) => displayMoney(f.totalRevenue) },
  { label: 'Platform Revenue', icon: Landmark, value: (f: AnalyticsFigures) => displayMoney(f.platformRevenue) },
  { label: 'Mediator Payouts', icon: Banknote, value: (f: AnalyticsFigures) => displayMoney(f.mediatorPayouts) },
  { label: 'Active Users', icon: Activity, value: (f: AnalyticsFigures) => f.activeUsers.toLocaleString() },
] as const;

export function AnalyticsCards({ figures }: { figures: AnalyticsFigures | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Figures for the range">
      {CARDS.map((card) => (
        <li key={card.label} className="min-w-0">
          <StatCard label={card.label} icon={card.icon} loading={!figures} value={figures ? card.value(figures) : null} />
        </li>
      ))}
    </ul>
  );
}
