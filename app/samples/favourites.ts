import { sampleImage } from './image';

/** Spec section 3: favourite (id, title, price, imageUrl, location). Price in Ksh. */
export type SampleFavourite = { id: string; title: string; price: number; imageUrl: string; location: string };

export const SAMPLE_FAVOURITES: SampleFavourite[] = [
  { id: 'fav-1', title: 'Toyota Axio 2014, 1500cc, silver', price: 1_350_000, imageUrl: sampleImage('Toyota Axio', '#1f4e79'), location: 'Kasarani, Nairobi' },
  { id: 'fav-2', title: 'Samsung Galaxy A54 5G, 128 GB', price: 38_500, imageUrl: sampleImage('Galaxy A54', '#4b3f72'), location: 'Nyali, Mombasa' },
  { id: 'fav-3', title: '2-bedroom apartment to let, Kilimani', price: 35_000, imageUrl: sampleImage('2 bedroom', '#7a4a1f'), location: 'Kilimani, Nairobi' },
  { id: 'fav-4', title: 'L-shaped 5-seater sofa, grey fabric', price: 42_000, imageUrl: sampleImage('Sofa', '#275e3c'), location: 'Milimani, Nakuru' },
  { id: 'fav-5', title: 'HP EliteBook 840 G5, Core i5, 8 GB RAM', price: 36_000, imageUrl: sampleImage('HP EliteBook', '#5a5a5a'), location: 'Milimani, Kisumu' },
];
