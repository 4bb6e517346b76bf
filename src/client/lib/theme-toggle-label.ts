/** Marks the theme button, so the landing document can label it before React runs (decision 028). */
export const THEME_TOGGLE = 'data-theme-toggle';

/** What the theme button does, said for the theme in force. */
export const themeToggleLabel = (theme: 'light' | 'dark') => (theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
