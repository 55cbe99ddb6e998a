/**
 * The brand's colours where the browser paints around the page: the status bar and the
 * installed app's title bar (app/root.tsx's theme-color, the web app manifest's theme_color).
 * Light: the logo's green; dark: the dark theme's page background (gray-950), so the bar and the page meet without a seam.
 */
export const THEME_COLOR = { light: '#047857', dark: '#030712' } as const;
