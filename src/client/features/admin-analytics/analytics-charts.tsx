// Loaded on demand (React.lazy in the overview page), so no other page's bundle carries the charts.
import type { Analytics } from '../../../common/schemas/admin-analytics';
import { displayMoney } from '../../lib/format';
import { LineChart } from './line-chart';

const count = (n: number) => n.toLocaleString();
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
          { label: 'Mediators', values: pick((d) => d.mediatorSignups), ...STYLES[0] },
          { label: 'Lawyers', values: pick((d) => d.lawyerSignups), ...STYLES[1] },
        ]}
      />
      <LineChart
        title="Mediations"
        dates={dates}
        format={count}
        lines={[
          { label: 'Submitted', values: pick((d) => d.mediationsSubmitted), ...STYLES[0] },
          { label: 'Matched', values: pick((d) => d.mediationsMatched), ...STYLES[1] },
        ]}
      />
      <LineChart
        title="Revenue"
        dates={dates}
        format={money}
        lines={[
          { label: 'Total revenue', values: pick((d) => Number(d.totalRevenue)), ...STYLES[0] },
          { label: 'Platform revenue', values: pick((d) => Number(d.platformRevenue)), ...STYLES[1] },
          { label: 'Mediator payouts', values: pick((d) => Number(d.mediatorPayouts)), ...STYLES[2] },
        ]}
      />
      <LineChart title="Active users" dates={dates} format={count} lines={[{ label: 'Active users', values: pick((d) => d.activeUsers), ...STYLES[0] }]} />
    </div>
  );
}
