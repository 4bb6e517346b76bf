import { X } from 'lucide-react';
import { useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '../../lib/utils';
import { Badge } from './badge';
import { Input } from './input';

/** Tags (spec 2 onboarding): Enter adds, each is removable; blank entries are trimmed away, duplicates ignored. */
export function TagInput({
  value,
  onChange,
  placeholder,
  className,
  ...inputProps
}: { value: string[]; onChange: (tags: string[]) => void; placeholder?: string; className?: string } & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const tag = draft.trim();
    if (tag && !value.some((t) => t.toLowerCase() === tag.toLowerCase())) onChange([...value, tag]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={cn('ui-field', className)}>
      <Input value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} onBlur={add} placeholder={placeholder} {...inputProps} />
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Added entries">
          {value.map((tag) => (
            <li key={tag} className="min-w-0 max-w-full">
              {/* A tag is what the user typed, up to 100 characters: it wraps rather than widen the page. */}
              <Badge tone="muted" className="max-w-full gap-1 whitespace-normal py-1 pl-3 pr-1 text-sm font-medium text-foreground wrap-anywhere">
                {tag}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((t) => t !== tag))}
                  className="rounded-full p-0.5 hover:bg-foreground/10"
                  aria-label={`Remove ${tag}`}
                >
                  <X className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
