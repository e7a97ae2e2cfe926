import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readSettings } from './preferences';
import { settingsQuery } from '../entities/settings/settings.api';
import { LOCAL_THEME } from './preferences';

type Theme = 'system' | 'light' | 'dark';

/** Sets the colours: `data-theme` on the page root (styles.css), none for the system's choice. */
export function applyTheme(theme: string | null): void {
  const root = document.documentElement;
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
}

/** The theme of the last session, applied before the first paint (also on the sign-in screen). */
export function applyRememberedTheme(): void {
  applyTheme(localStorage.getItem(LOCAL_THEME));
}

/**
 * Follows the `theme` setting wherever the settings are known (read from the cache only: this
 * never asks the server, so anonymous screens keep the remembered theme), and remembers it.
 */
export function useThemeSetting(): void {
  const { data } = useQuery({ ...settingsQuery, enabled: false });
  const theme: Theme | null = data ? readSettings(data).theme : null;
  useEffect(() => {
    if (theme === null) return;
    applyTheme(theme);
    localStorage.setItem(LOCAL_THEME, theme);
  }, [theme]);
}
