/**
 * The nine categories' labels and descriptions (kernel/categories.ts). The stored names, slugs
 * and URLs stay English in every language; English shows the stored name itself, so these
 * labels are read only where a build translates them (categoryLabel).
 */
export const carsVehicles = 'Cars & Vehicles';
export const forSale = 'For Sale';
export const services = 'Services';
export const property = 'Property';
export const pets = 'Pets';
export const jobs = 'Jobs';
export const furniture = 'Furniture';
export const electronics = 'Electronics';
export const others = 'Others';

export const carsVehiclesDescription = 'Cars, motorbikes, trucks, matatus and spare parts from sellers across Kenya.';
export const forSaleDescription = 'Everyday items for sale: clothes, books, baby things, sports gear and more.';
export const servicesDescription = 'Local services: cleaning, repairs, tutoring, events, transport and beauty.';
export const propertyDescription = 'Houses and apartments to rent or buy, land, shops and offices.';
export const petsDescription = 'Puppies, kittens, birds and livestock, plus pet food and accessories.';
export const jobsDescription = 'Job openings and casual work from employers near you.';
export const furnitureDescription = 'Sofas, beds, tables, wardrobes and office furniture, new and used.';
export const electronicsDescription = 'Phones, laptops, TVs, audio and home appliances.';
export const othersDescription = 'Everything that does not fit the other categories.';
