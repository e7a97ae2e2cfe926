import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readSettings } from '../entities/settings/preferences';
import { settingsQuery } from '../entities/settings/settings.api';
import { LOCAL_THEME } from '../entities/settings/preferences';

type Theme = 'system' | 'light' | 'dark';

/**
 * The browser's own colours (a phone's status bar, an installed app's title bar) follow the theme:
 * index.html declares one `theme-color` per system scheme; a chosen theme gives both its colour.
 */
function applyThemeColour(theme: 'light' | 'dark' | null): void {
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  for (const meta of metas) meta.dataset.declared ??= meta.content;
  const colourOf = (scheme: 'light' | 'dark') =>
    metas.find((meta) => meta.media.includes(scheme))?.dataset.declared;
  for (const meta of metas) {
    meta.content = (theme ? colourOf(theme) : undefined) ?? meta.dataset.declared ?? meta.content;
  }
}

/** Sets the colours: `data-theme` on the page root fixes its colour scheme (styles/base.css). */
export function applyTheme(theme: string | null): void {
  const root = document.documentElement;
  const chosen = theme === 'light' || theme === 'dark' ? theme : null;
  if (chosen) root.dataset.theme = chosen;
  else delete root.dataset.theme;
  applyThemeColour(chosen);
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
