import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * The browser's own select, styled like Input: keyboard, screen readers and phones' pickers work as people expect,
 * with no popup positioning to go wrong in a narrow window.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-[invalid=true]:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
