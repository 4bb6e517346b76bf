import { Moon, Sun } from 'lucide-react';
import { THEME_TOGGLE, themeToggleLabel } from '../lib/theme-toggle-label';
import { useTheme } from '../lib/use-theme';
import { Button } from './ui/button';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggle } = useTheme();
  return (
    <Button variant="ghost" size="icon" onClick={toggle} className={className} aria-label={themeToggleLabel(theme)} {...{ [THEME_TOGGLE]: '' }}>
      {/* Both icons, shown by the theme's class: right from the first paint, before any JavaScript (decision 028). */}
      <Sun className="hidden dark:block" aria-hidden="true" />
      <Moon className="dark:hidden" aria-hidden="true" />
    </Button>
  );
}
