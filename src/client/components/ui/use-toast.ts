import { useSyncExternalStore, type ReactNode } from 'react';
import { UI } from '../../../common/constants';

// Spec 2/9: at most one toast; a new one replaces the older; a dismissed one is removed after 1,000,000 ms.
export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
  open: boolean;
}

type Listener = () => void;
let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((l) => l());
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, UI.toastRemoveDelayMs),
  );
}

export function dismissToast(id?: string): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  toasts.filter((t) => !t.open).forEach((t) => scheduleRemoval(t.id));
}

export function toast(options: Omit<ToastItem, 'id' | 'open'>): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, UI.toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}

/** Shows an API failure with the spec's title and the server's message (spec 8). */
export function toastError(title: string, error: unknown): void {
  toast({ title, description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
}
