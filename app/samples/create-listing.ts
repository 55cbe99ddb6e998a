/**
 * The create-listing demo of the specification: a form that only logs its values. The real
 * ad form is /post-ad; this module is all there is to remove when the demo goes.
 */
import { categoryComputers, categoryElectronics, categoryFurniture, categoryOther, categoryProperties, categoryVehicles } from '#messages/help-samples.ts';

export const DEMO_CATEGORIES = [
  { value: 'vehicles', label: categoryVehicles },
  { value: 'properties', label: categoryProperties },
  { value: 'electronics', label: categoryElectronics },
  { value: 'furniture', label: categoryFurniture },
  { value: 'computers', label: categoryComputers },
  { value: 'other', label: categoryOther },
] as const;

export const DEMO_MAX_PHOTOS = 10;

export type DemoListingValues = {
  title: string;
  category: string;
  price: string;
  location: string;
  description: string;
  photos: string[];
};

/** Reads the demo form and writes its values to the browser console. Nothing is sent or saved. */
export function logDemoListing(form: HTMLFormElement): DemoListingValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const photos = data
    .getAll('photos')
    .filter((f): f is File => f instanceof File && f.size > 0)
    .slice(0, DEMO_MAX_PHOTOS)
    .map((f) => f.name);
  const values = { title: text('title'), category: text('category'), price: text('price'), location: text('location'), description: text('description'), photos };
  console.log('Create listing demo (nothing is saved):', values);
  return values;
}
