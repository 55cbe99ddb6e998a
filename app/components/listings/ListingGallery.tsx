import type { Photo } from '../../../server/listings/listing-json';
import { ResponsiveImage } from './ResponsiveImage';

/**
 * Up to five photos (spec section 9): the first large and loaded first (it is the page's largest
 * paint), the next four as small lazy thumbnails. Each opens its full-size file, without JavaScript.
 */
export function ListingGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const [first, ...rest] = photos;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-hidden rounded-xl bg-gray-100 dark:bg-gray-800">
        {first ? (
          <a href={first.url} target="_blank" rel="noopener">
            <ResponsiveImage photo={first} alt={title} sizes="(min-width: 1024px) 740px, 100vw" priority className="aspect-[4/3] w-full object-contain" />
          </a>
        ) : (
          <ResponsiveImage photo={null} alt={title} sizes="100vw" priority className="aspect-[4/3] w-full object-cover" />
        )}
      </div>
      {rest.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="More photos">
          {rest.map((p, i) => (
            <li key={p.url} className="overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-800">
              <a href={p.url} target="_blank" rel="noopener">
                <ResponsiveImage photo={p} alt={`${title}, photo ${i + 2}`} sizes="(min-width: 1024px) 180px, 25vw" className="aspect-square w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
