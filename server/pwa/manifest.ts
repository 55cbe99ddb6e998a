/**
 * The web app manifest (issue 48): what a phone needs to install Soko to its home screen and
 * open it like an app. The icons are drawn from the logo by scripts/make-brand-images.ts.
 */
import { THEME_COLOR } from '#kernel/brand.ts';

const icon = (name: string, size: number, purpose: 'any' | 'maskable') => ({ src: `/brand/${name}-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose });

export const webAppManifest = {
  id: '/',
  name: 'Soko: buy and sell in Kenya',
  short_name: 'Soko',
  description: 'Soko is the fast, trustworthy classifieds marketplace for Kenya: cars, property, phones, furniture, jobs and more.',
  lang: 'en-KE',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // Light mode's page colours; the page's <meta name="theme-color"> gives the dark one (app/root.tsx).
  background_color: '#f9fafb',
  theme_color: THEME_COLOR.light,
  categories: ['shopping', 'business'],
  icons: [icon('icon', 192, 'any'), icon('icon', 512, 'any'), icon('maskable', 192, 'maskable'), icon('maskable', 512, 'maskable')],
  shortcuts: [
    { name: 'Post an ad', url: '/post-ad', icons: [icon('icon', 192, 'any')] },
    { name: 'Browse ads', url: '/listings', icons: [icon('icon', 192, 'any')] },
  ],
};

/**
 * The Swahili pages' manifest (/sw/manifest.webmanifest, issue 45): installed from a Swahili page,
 * Soko opens at /sw/ in Swahili, under the Swahili worker's scope. Words of docs/swahili-glossary.md.
 */
export const swahiliWebAppManifest = {
  ...webAppManifest,
  id: '/sw/',
  name: 'Soko: nunua na uza Kenya',
  description: 'Soko ni soko la matangazo la Kenya, la haraka na la kuaminika: magari, nyumba, simu, fanicha, kazi na zaidi.',
  lang: 'sw-KE',
  start_url: '/sw/',
  scope: '/sw/',
  shortcuts: [
    { name: 'Weka tangazo', url: '/sw/post-ad', icons: [icon('icon', 192, 'any')] },
    { name: 'Tazama matangazo', url: '/sw/listings', icons: [icon('icon', 192, 'any')] },
  ],
};
