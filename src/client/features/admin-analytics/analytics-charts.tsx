// Loaded on demand (React.lazy in the overview page), so no other page's bundle carries the charts.
import type { Analytics } from '../../../common/schemas/admin-analytics';
import { displayMoney } from '../../lib/format';
import { LineChart } from './line-chart';

// Figures and axis steps alike: counts with thousands separators ("1,000"), money with the dollar sign ("$1,000",
// "$1,075.50"); the axes' steps are whole (line-chart.tsx), so their money reads "$0, $500, $1,000".
const count = (n: number) => n.toLocaleString('en-US');
const money = (n: number) => displayMoney(n);

const STYLES = [{ colorClass: 'text-primary' }, { colorClass: 'text-success', dash: '6 4' }, { colorClass: 'text-destructive', dash: '2 3' }];

/** The range's figures day by day: signups, mediations, money and active users. */
export default function AnalyticsCharts({ series }: { series: Analytics['series'] }) {
  const dates = series.map((d) => d.date);
  const pick = (read: (d: Analytics['series'][number]) => number) => series.map(read);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <LineChart
        title="Signups"
        dates={dates}
        format={count}
        lines={[
          { label: 'Mediators', values: pick((d) => d.totalMediatorSignups), ...STYLES[0] },
          { label: 'Lawyers', values: pick((d) => d.totalLawyerSignups), ...STYLES[1] },
        ]}
      />
      <LineChart
        title="Mediations"
        dates={dates}
        format={count}
        lines={[
          { label: 'Submitted', values: pick((d) => d.totalMediationsSubmitted), ...STYLES[0] },
          { label: 'Matched', values: pick((d) => d.totalMediationsMatched), ...STYLES[1] },
        ]}
      />
      <LineChart
        title="Revenue"
        dates={dates}
        format={money}
        lines={[
          { label: 'Total revenue', values: pick((d) => Number(d.totalRevenue)), ...STYLES[0] },
          { label: 'Platform revenue', values: pick((d) => Number(d.totalForPlatform)), ...STYLES[1] },
          { label: 'Mediator payouts', values: pick((d) => Number(d.totalForMediators)), ...STYLES[2] },
        ]}
      />
      <LineChart title="Active users" dates={dates} format={count} lines={[{ label: 'Active users', values: pick((d) => d.activeUsers), ...STYLES[0] }]} />
    </div>
  );
}
