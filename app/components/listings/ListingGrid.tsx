import { ListingCard, type CardListing } from './ListingCard';
import { useCardSaves } from './SaveButton';

type Props = {
  listings: CardListing[];
  /** How many cards at the top load their image at once (the first row); the rest are lazy. */
  eagerCount?: number;
  label?: string;
  /** The cards' heading level (ListingCard): 2 right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** Give every card a Save button: the ids here show as saved (empty for visitors). Absent: no buttons. */
  savedIds?: string[];
};

/** Two columns on a 360 px phone, three on tablets, four on wide screens. */
export function ListingGrid({ listings, eagerCount = 2, label, headingLevel = 3, savedIds }: Props) {
  const saves = useCardSaves(savedIds);
  return (
    <>
      <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" onSubmit={saves.onSubmit}>
        {listings.map((l, i) => (
          <li key={l._id} className="min-w-0">
            <ListingCard listing={l} eager={i < eagerCount} headingLevel={headingLevel} heart={saves.heart(l._id)} />
          </li>
        ))}
      </ul>
      {saves.inFlight}
    </>
  );
}
