import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { UI } from '../../../common/constants';
import { cn } from '../../lib/utils';
import { dismissToast, useToasts } from './use-toast';

/** Radix Toast: 5 s, paused on hover/focus, swipe right (50 px), Escape, F8 focuses the region (spec 2). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={UI.toastDurationMs} swipeDirection="right" swipeThreshold={UI.toastSwipeThresholdPx}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg transition-all',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[state=open]:animate-in data-[state=closed]:opacity-0',
            t.variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground' : 'border-border bg-popover text-popover-foreground',
          )}
        >
          <div className="grid gap-1">
            {t.title ? <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title> : null}
            {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col"
        style={{ maxWidth: UI.toastViewportMaxWidthPx }}
      />
    </Toast.Provider>
  );
}
