import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { UI } from '../../../common/constants';
import { cn } from '../../lib/utils';

export function Tooltip({
  content,
  children,
  side = 'right',
  ...props
}: { content: ReactNode; children: ReactNode; side?: 'top' | 'right' | 'bottom' | 'left' } & ComponentProps<typeof TooltipPrimitive.Root>) {
  // Its own provider: the tooltips are loaded with the collapsed sidebar that uses them, not with the app's providers.
  return (
    <TooltipPrimitive.Provider delayDuration={UI.tooltipDelayMs}>
      <TooltipPrimitive.Root {...props}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn('z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md animate-in')}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
