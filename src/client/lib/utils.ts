import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not merge conflicting utilities: the primitives' own looks are classes of the components
 * layer (components/ui/ui.css), which any utility passed to them overrides by the cascade, and no two utilities in one
 * element's classes may conflict (class-conflicts.test.ts). Decision 067.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || '?';
}
