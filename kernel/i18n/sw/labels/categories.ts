/** The Swahili labels of the nine categories by their stored (English) names: see kernel/i18n/en/labels/categories.ts. */
import { carsVehicles, electronics, forSale, furniture, jobs, others, pets, property, services } from '../categories.ts';

const LABELS: Record<string, string> = {
  'Cars & Vehicles': carsVehicles,
  'For Sale': forSale,
  Services: services,
  Property: property,
  Pets: pets,
  Jobs: jobs,
  Furniture: furniture,
  Electronics: electronics,
  Others: others,
};

export const categoryLabel: ((name: string) => string) | undefined = (name) => LABELS[name] ?? name;
