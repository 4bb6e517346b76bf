import { useId, type ComponentProps } from 'react';
import { Input } from '../../components/ui/input';
import { browserTimeZone } from '../../lib/time-zone';

/** The zone the browser runs in: what a member most likely wants until they choose. */

let zones: string[] | undefined;
/** The runtime's IANA zones, with UTC (the list names only places) and the browser's own (which may be an alias). */
function knownZones(): string[] {
  zones ??= [...new Set(['UTC', browserTimeZone(), ...Intl.supportedValuesOf('timeZone')])].sort();
  return zones;
}

/**
 * A searchable select of time zones: a text input whose suggestions are the zones (typing "tokyo" offers Asia/Tokyo).
 * The browser's own list keeps it usable by keyboard and on phones; the schema refuses a name that is not a zone.
 * Focusing selects the text, so typing searches instead of appending to the zone shown.
 */
export function TimeZoneInput({ value, ...props }: Omit<ComponentProps<'input'>, 'type' | 'list'> & { value: string }) {
  const listId = useId();
  const listed = knownZones();
  return (
    <>
      <Input
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search, e.g. Tokyo or Europe/Paris"
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        {...props}
      />
      <datalist id={listId}>
        {(value && !listed.includes(value) ? [value, ...listed] : listed).map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
