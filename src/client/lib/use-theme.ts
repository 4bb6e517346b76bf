import { useCallback, useSyncExternalStore } from 'react';

type Theme = 'light' | 'dark';

const read = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
const listeners = new Set<() => void>();

/** Light and dark themes (DESIGN 5); the choice is saved, the system's preference is the default. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => 'light' as Theme,
  );
  const toggle = useCallback(() => {
    const next: Theme = read() === 'dark' ? 'light' : 'dark';
    document.documentElement.classList.toggle('dark', next === 'dark');
    try {
      localStorage.setItem('theme', next);
    } catch {
      // private mode: the choice lasts for this page only
    }
    listeners.forEach((l) => l());
  }, []);
  return { theme, toggle };
}
