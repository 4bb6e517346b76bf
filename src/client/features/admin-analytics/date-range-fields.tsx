import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import type { RangeErrors } from './date-range';

/** The overview's two date inputs; a change applies at once when the range is valid (the page decides). */
export function DateRangeFields({
  startDate,
  endDate,
  errors,
  onChange,
}: {
  startDate: string;
  endDate: string;
  errors: RangeErrors;
  onChange: (next: { startDate: string; endDate: string }) => void;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
      <legend className="sr-only">Date range</legend>
      <FormField label="Start date" error={errors.startDate}>
        <Input type="date" value={startDate} max={endDate || undefined} onChange={(e) => onChange({ startDate: e.target.value, endDate })} />
      </FormField>
      <FormField label="End date" error={errors.endDate}>
        <Input type="date" value={endDate} min={startDate || undefined} onChange={(e) => onChange({ startDate, endDate: e.target.value })} />
      </FormField>
    </fieldset>
  );
}
