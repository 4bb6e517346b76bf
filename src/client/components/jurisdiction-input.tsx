import { useId, type ComponentProps } from 'react';
import { JURISDICTION_SUGGESTIONS } from '../../common/jurisdictions';
import { Input } from './ui/input';

/** Free text with the states as suggestions. */
export function JurisdictionInput(props: ComponentProps<'input'>) {
  const listId = useId();
  return (
    <>
      <Input list={listId} autoComplete="off" placeholder="e.g. California" {...props} />
      <datalist id={listId}>
        {JURISDICTION_SUGGESTIONS.map((j) => (
          <option key={j} value={j} />
        ))}
      </datalist>
    </>
  );
}
