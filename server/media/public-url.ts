import type { Config } from '../config.ts';

/**
 * The address a stored file is fetched at from outside a page of ours (link previews, the
 * sitemap): MEDIA_PUBLIC_URL (a CDN before the bucket) when set, else the app's own /media.
 * Always absolute: a crawler reads these without our page around them.
 */
export function mediaPublicUrl(config: Pick<Config, 'media'>, name: string): string {
  return `${config.media.publicUrl}/${name}`;
}
