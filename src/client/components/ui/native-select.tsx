import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * The browser's own select, styled like Input: keyboard, screen readers and phones' pickers work as people expect,
 * with no popup positioning to go wrong in a narrow window.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('ui-select', className)} {...props} />;
}
