/**
 * Synthetic but realistic classified ads for the search benchmark: what Kenyans post and how
 * they write it. The correlations search has to cope with are built in: a model comes with its
 * brand ("Toyota Corolla", "HP EliteBook"), a model with its category (phones in Electronics,
 * cars in Cars & Vehicles), a town with its county ("Ruiru, Kiambu"), short words and model
 * codes ("TV", "4K", "PS4", "iPhone 13", "i5"), word frequencies with a long tail (names, till
 * numbers), a few big dealers, most ads recent.
 */
import type { Rng } from './random.ts';

export type BenchListing = {
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  price: number | null;
  currency: string;
  location: string;
  /** Seconds before "now". */
  ageSeconds: number;
  /** Seconds from "now" (negative: expired), or null when never featured. */
  featuredForSeconds: number | null;
  images: number;
};

type Make = { brand: string; models: string[]; weight: number };

export const CAR_MAKES: Make[] = [
  { brand: 'Toyota', weight: 34, models: ['Corolla', 'Axio', 'Premio', 'Fielder', 'Vitz', 'Harrier', 'Prado', 'Land Cruiser V8', 'Hilux', 'Probox', 'Noah', 'Voxy', 'Wish', 'Mark X', 'Crown', 'RAV4', 'Succeed', 'Passo', 'Allion', 'Belta'] },
  { brand: 'Nissan', weight: 12, models: ['Note', 'X-Trail', 'Tiida', 'Navara', 'March', 'Juke', 'Sylphy', 'Wingroad', 'Serena', 'Caravan', 'AD Van'] },
  { brand: 'Mazda', weight: 8, models: ['Demio', 'CX-5', 'Axela', 'Atenza', 'Verisa', 'Bongo', 'CX-3'] },
  { brand: 'Subaru', weight: 8, models: ['Forester', 'Impreza', 'Outback', 'Legacy', 'XV', 'Levorg'] },
  { brand: 'Honda', weight: 6, models: ['Fit', 'CR-V', 'Civic', 'Vezel', 'Insight', 'Stream'] },
  { brand: 'Mitsubishi', weight: 5, models: ['Pajero', 'Outlander', 'Lancer', 'Canter', 'RVR', 'Fuso'] },
  { brand: 'Isuzu', weight: 5, models: ['D-Max', 'NKR', 'FRR', 'NPR', 'MU-X', 'NQR'] },
  { brand: 'Volkswagen', weight: 4, models: ['Golf', 'Polo', 'Passat', 'Tiguan', 'Touareg'] },
  { brand: 'Mercedes Benz', weight: 4, models: ['C200', 'E250', 'ML350', 'Actros', 'GLE', 'A180'] },
  { brand: 'BMW', weight: 3, models: ['320i', 'X5', 'X3', '520d', 'X1'] },
  { brand: 'Suzuki', weight: 3, models: ['Swift', 'Alto', 'Every', 'Escudo', 'Jimny'] },
  { brand: 'Ford', weight: 2, models: ['Ranger', 'Everest', 'Focus', 'Ecosport'] },
  { brand: 'Audi', weight: 1, models: ['A4', 'Q5', 'A3', 'Q7'] },
  { brand: 'Land Rover', weight: 1, models: ['Discovery 4', 'Range Rover Sport', 'Defender', 'Evoque'] },
];

export const PHONE_MAKES: Make[] = [
  { brand: 'Samsung Galaxy', weight: 22, models: ['A14', 'A24', 'A34', 'A54', 'A05s', 'S21', 'S22', 'S23 Ultra', 'S24', 'Note 20', 'Z Flip 5', 'A12'] },
  { brand: 'iPhone', weight: 20, models: ['7', '8 Plus', 'X', 'XR', '11', '11 Pro Max', '12', '12 Pro', '13', '13 Pro Max', '14', '14 Pro', '15', '15 Pro Max'] },
  { brand: 'Tecno', weight: 16, models: ['Spark 10', 'Spark 20', 'Camon 20', 'Camon 30', 'Pova 5', 'Pop 7', 'Phantom X2'] },
  { brand: 'Infinix', weight: 12, models: ['Hot 30', 'Hot 40i', 'Note 30', 'Smart 7', 'Zero 30', 'GT 20 Pro'] },
  { brand: 'Oppo', weight: 6, models: ['A57', 'A78', 'Reno 8', 'Reno 10', 'A18'] },
  { brand: 'Xiaomi Redmi', weight: 8, models: ['Note 12', 'Note 13', '12C', 'A2', '13C'] },
  { brand: 'Nokia', weight: 4, models: ['105', 'C21', 'G21', '3310', 'G22'] },
  { brand: 'Itel', weight: 5, models: ['A70', 'S23', 'P40', 'A60'] },
  { brand: 'Google Pixel', weight: 2, models: ['6', '7 Pro', '8', '4a'] },
];

export const LAPTOP_MAKES: Make[] = [
  { brand: 'HP', weight: 30, models: ['EliteBook 840 G5', 'EliteBook 840 G6', 'EliteBook 850', 'ProBook 450 G7', 'Pavilion 15', 'Spectre x360', 'ZBook 15', '250 G8', 'Envy 13'] },
  { brand: 'Dell', weight: 22, models: ['Latitude 5490', 'Latitude 7490', 'Latitude E7450', 'Inspiron 15 3000', 'XPS 13', 'Vostro 3500', 'Precision 5530'] },
  { brand: 'Lenovo', weight: 18, models: ['ThinkPad T480', 'ThinkPad X1 Carbon', 'ThinkPad T14', 'IdeaPad 3', 'Yoga 7', 'ThinkBook 14'] },
  { brand: 'Apple MacBook', weight: 14, models: ['Air M1', 'Air M2', 'Pro M1', 'Pro M2', 'Pro 2019', 'Air 2017'] },
  { brand: 'Asus', weight: 8, models: ['VivoBook 15', 'ZenBook 14', 'ROG Strix G15', 'TUF Gaming F15'] },
  { brand: 'Acer', weight: 6, models: ['Aspire 5', 'Swift 3', 'Nitro 5', 'TravelMate'] },
];

export const TV_BRANDS = ['Samsung', 'LG', 'Hisense', 'TCL', 'Sony', 'Vitron', 'Skyworth', 'Synix', 'Vision Plus', 'Royal'];
const TV_SIZES = ['24', '32', '40', '43', '50', '55', '65', '75'];
const TV_KINDS = ['smart TV', 'Android TV', 'digital TV', '4K UHD smart TV', 'frameless smart TV', 'QLED 4K TV', 'OLED TV', 'Google TV'];

export const CONSOLES = ['PS4 Slim', 'PS4 Pro', 'PS5', 'PS5 Digital', 'Xbox One S', 'Xbox Series X', 'Xbox Series S', 'Nintendo Switch', 'PS3'];
const AUDIO = ['JBL Flip 5', 'JBL Charge 5', 'JBL PartyBox 310', 'Sony soundbar', 'LG soundbar SN4', 'Samsung soundbar', 'Sayona subwoofer', 'Vitron subwoofer 3.1', 'AirPods Pro', 'Oraimo FreePods 4'];
const CAMERAS = ['Canon EOS 250D', 'Canon EOS 2000D', 'Nikon D3500', 'Sony A7 III', 'Canon 5D Mark IV', 'GoPro Hero 11', 'DJI Mini 3 drone'];
const TABLETS = ['Samsung Galaxy Tab A8', 'iPad 9th Gen', 'iPad Air 5', 'iPad Pro 11', 'Lenovo Tab M10', 'Amazon Kindle Paperwhite'];
const GADGETS = ['power bank 20000mAh', 'Type-C fast charger', 'HDMI cable 5m', 'Apple Watch Series 7', 'Samsung Galaxy Watch 5', 'Wi-Fi router Huawei 4G', 'Safaricom Home Fibre router', 'UPS 1500VA', 'printer HP LaserJet M404', 'Epson L3250 printer', 'projector 4K'];

const SOFAS = ['3 seater sofa', '5 seater sofa', '7 seater sofa', 'L-shaped sofa', 'chesterfield sofa', 'recliner sofa', 'sofa bed', '6 seater sectional sofa'];
const SOFA_MATERIAL = ['leather', 'fabric', 'velvet', 'suede', 'linen'];
const BEDS = ['4x6 bed', '5x6 bed', '6x6 bed', 'hydraulic bed', 'bunk bed', 'metal bed', 'king size bed'];
const WOOD = ['mahogany', 'mvule', 'cypress', 'oak', 'pine', 'MDF'];
const FURNITURE = ['dining table 6 seater', 'dining table 4 seater', 'glass dining table 8 seater', '3 door wardrobe', '4 door wardrobe', 'office chair', 'executive office desk', 'TV stand', 'coffee table', 'shoe rack', 'kitchen cabinets', 'bookshelf', 'mattress 5x6 8 inch', 'Vitafoam mattress 6x6', 'baby cot', 'dressing mirror', 'plastic chairs', 'outdoor garden set'];

const HOUSE_TYPES = ['apartment', 'maisonette', 'bungalow', 'townhouse', 'villa'];
const PROPERTY_FEATURES = ['master en-suite', 'borehole', 'ample parking', 'lift', 'gym', 'swimming pool', 'DSQ', 'gated community', 'title deed ready', 'CCTV', 'backup generator', 'fibre internet', 'balcony', 'open plan kitchen', 'near tarmac', 'water 24/7', 'tiled floors'];

const DOGS = ['German Shepherd', 'Rottweiler', 'Boerboel', 'Maltese', 'Chihuahua', 'Husky', 'Golden Retriever', 'Pitbull', 'Japanese Spitz', 'Labrador', 'Doberman', 'Bull Mastiff'];
const ANIMALS = ['Persian kittens', 'kienyeji chicken', 'improved kienyeji chicks', 'layers', 'broilers', 'Friesian dairy cow', 'Ayrshire heifer', 'Jersey cow', 'dairy goats', 'Boer goats', 'rabbits', 'pigeons', 'aquarium fish', 'Dorper sheep', 'pigs'];

const JOBS = ['house help', 'nanny', 'driver', 'sales representative', 'accountant', 'receptionist', 'waiter', 'waitress', 'chef', 'security guard', 'electrician', 'plumber', 'mechanic', 'software developer', 'marketing executive', 'teacher', 'nurse', 'cleaner', 'delivery rider', 'cashier', 'shop attendant', 'HR assistant', 'data entry clerk', 'graphic designer', 'boda boda rider', 'farm manager', 'caretaker', 'barber', 'beautician', 'pharmacist'];

const SERVICES = ['plumbing', 'electrical wiring', 'house cleaning', 'fumigation and pest control', 'movers and relocation', 'CCTV installation', 'DSTV installation', 'GOtv installation', 'web design', 'graphic design', 'car wash', 'car repair', 'catering', 'wedding photography', 'videography', 'event planning', 'KCSE tutoring', 'IGCSE tutoring', 'laundry', 'painting', 'tiling', 'gypsum ceiling', 'borehole drilling', 'solar installation', 'computer repair', 'phone screen replacement', 'interior design', 'landscaping', 'driving school', 'tent hire', 'sound system hire', 'cake baking', 'tailoring', 'hair braiding', 'CV writing', 'accounting and KRA returns', 'legal services', 'security services'];

const FOR_SALE = [
  ['gas cylinder 13kg', 'K-Gas', 'Total', 'Pro Gas', 'Hashi'],
  ['water tank 5000 litres', 'Roto', 'Kentank', 'Topptank'],
  ['solar panel 200W', 'Jinko', 'Longi', 'Sunking'],
  ['fridge', 'LG', 'Samsung', 'Hisense', 'Ramtons', 'Mika', 'Bruhm'],
  ['4 burner cooker', 'Von', 'Ramtons', 'Armco', 'Mika'],
  ['microwave', 'Samsung', 'LG', 'Ramtons', 'Nunix'],
  ['washing machine 7kg', 'LG', 'Samsung', 'Hisense', 'Bosch'],
  ['blender', 'Ramtons', 'Nunix', 'Philips', 'Sayona'],
  ['sneakers', 'Nike Air Force 1', 'Jordan 4', 'Adidas Samba', 'Vans Old Skool', 'Converse', 'New Balance 550'],
  ['dress', 'Ankara', 'maxi', 'bodycon', 'kitenge'],
  ['mitumba bale', 'UK', 'Canada', 'Grade A'],
  ['wedding gown', 'ball gown', 'mermaid', 'lace'],
  ['bicycle', 'mountain bike', 'Raleigh', 'BMX', 'kids'],
  ['baby stroller', 'Chicco', 'Graco', 'Joie'],
  ['dumbbells 20kg', 'gym set', 'treadmill', 'bench press'],
  ['guitar', 'Yamaha', 'Fender', 'acoustic', 'electric'],
  ['school uniform', 'sweater', 'blazer', 'shoes'],
  ['handbag', 'leather', 'Michael Kors', 'tote'],
  ['watch', 'Casio', 'Rolex', 'Seiko', 'G-Shock'],
  ['perfume', 'Dior Sauvage', 'Chanel', 'Oud', 'Armani'],
] as const;

const OTHERS = ['old coins collection', 'novels and storybooks', 'KCSE revision books', 'event tickets', 'fishing rod', 'camping tent', 'church chairs', 'vintage radio', 'art painting', 'beehives', 'greenhouse kit', 'posho mill', 'water dispenser'];

type Place = { area: string; county: string; weight: number };

/** Areas with their counties; the weights make Nairobi and its neighbours most common, as they are. */
export const PLACES: Place[] = [
  ...['CBD', 'Westlands', 'Kilimani', 'Kileleshwa', 'Lavington', 'Karen', 'Langata', 'South B', 'South C', 'Embakasi', 'Utawala', 'Kasarani', 'Roysambu', 'Kahawa West', 'Zimmerman', 'Donholm', 'Buruburu', 'Umoja', 'Kayole', 'Githurai', 'Parklands', 'Eastleigh', 'Ngara', 'Industrial Area', 'Runda', 'Kitisuru', 'Dagoretti', 'Kawangware', 'Ruai', 'Pipeline'].map(
    (area, i) => ({ area, county: 'Nairobi', weight: 40 / (i + 2) }),
  ),
  ...['Thika', 'Ruiru', 'Juja', 'Kikuyu', 'Limuru', 'Kiambu Town', 'Githunguri', 'Ruaka', 'Gatundu', 'Kabete'].map((area, i) => ({ area, county: 'Kiambu', weight: 14 / (i + 2) })),
  ...['Nyali', 'Bamburi', 'Likoni', 'Kisauni', 'Changamwe', 'Tudor', 'Mombasa CBD', 'Shanzu'].map((area, i) => ({ area, county: 'Mombasa', weight: 9 / (i + 2) })),
  ...['Nakuru Town', 'Naivasha', 'Gilgil', 'Molo', 'Njoro'].map((area, i) => ({ area, county: 'Nakuru', weight: 7 / (i + 2) })),
  ...['Kisumu CBD', 'Milimani', 'Mamboleo', 'Nyalenda'].map((area, i) => ({ area, county: 'Kisumu', weight: 5 / (i + 2) })),
  ...['Eldoret', 'Langas', 'Kapseret'].map((area, i) => ({ area, county: 'Uasin Gishu', weight: 4 / (i + 2) })),
  ...['Machakos Town', 'Syokimau', 'Mlolongo', 'Athi River', 'Kangundo'].map((area, i) => ({ area, county: 'Machakos', weight: 5 / (i + 2) })),
  ...['Kitengela', 'Ongata Rongai', 'Ngong', 'Kajiado Town', 'Isinya'].map((area, i) => ({ area, county: 'Kajiado', weight: 5 / (i + 2) })),
  ...['Malindi', 'Kilifi Town', 'Mtwapa', 'Watamu'].map((area, i) => ({ area, county: 'Kilifi', weight: 2 / (i + 2) })),
  ...['Nyeri Town', 'Karatina', 'Othaya'].map((area, i) => ({ area, county: 'Nyeri', weight: 2 / (i + 2) })),
  ...['Meru Town', 'Maua', 'Nkubu'].map((area, i) => ({ area, county: 'Meru', weight: 2 / (i + 2) })),
  ...['Kakamega', 'Mumias'].map((area, i) => ({ area, county: 'Kakamega', weight: 1.5 / (i + 2) })),
  { area: 'Kericho', county: 'Kericho', weight: 0.5 },
  { area: 'Bungoma', county: 'Bungoma', weight: 0.5 },
  { area: 'Kisii', county: 'Kisii', weight: 0.5 },
  { area: 'Embu', county: 'Embu', weight: 0.5 },
  { area: 'Nanyuki', county: 'Laikipia', weight: 0.5 },
  { area: 'Garissa', county: 'Garissa', weight: 0.3 },
  { area: 'Kitale', county: 'Trans Nzoia', weight: 0.4 },
  { area: "Murang'a", county: "Murang'a", weight: 0.4 },
  { area: 'Voi', county: 'Taita Taveta', weight: 0.2 },
  { area: 'Lodwar', county: 'Turkana', weight: 0.1 },
];
const PLACE_WEIGHTS = PLACES.map((p) => [p, p.weight] as const);

const NAMES = ['Kamau', 'Wanjiru', 'Otieno', 'Achieng', 'Mwangi', 'Njeri', 'Kiprono', 'Chebet', 'Mutua', 'Mwikali', 'Omondi', 'Akinyi', 'Kariuki', 'Wambui', 'Ochieng', 'Atieno', 'Kipchoge', 'Jepkosgei', 'Musyoka', 'Nduta', 'Baraka', 'Imani', 'Amani', 'Zawadi', 'Juma', 'Halima', 'Hassan', 'Fatuma', 'Wekesa', 'Nafula'];
const CONDITION = ['brand new', 'ex-UK', 'ex-Japan', 'locally used', 'clean', 'mint condition', 'excellent condition', 'good condition', 'barely used', 'refurbished', 'slightly used', 'original', 'genuine', 'sealed in box'];
const CLOSERS = ['Call or WhatsApp', 'Serious buyers only', 'Price slightly negotiable', 'Delivery available countrywide', 'Pay on delivery within Nairobi', 'Viewing by appointment', 'Fast sale, relocating', 'Trade-in accepted', 'Hire purchase available', 'Lipa pole pole available', 'No time wasters', 'Bei poa', 'Quick sale', 'Warranty included', 'Receipt available', 'Pickup at our shop'];
const COLOURS = ['white', 'black', 'silver', 'grey', 'blue', 'red', 'pearl white', 'maroon', 'green', 'gold'];

export const CATEGORY_WEIGHTS = [
  ['Cars & Vehicles', 18],
  ['Electronics', 26],
  ['For Sale', 16],
  ['Furniture', 9],
  ['Property', 12],
  ['Pets', 5],
  ['Jobs', 5],
  ['Services', 7],
  ['Others', 2],
] as const;

const pickMake = (rng: Rng, makes: Make[]) => rng.weighted(makes.map((m) => [m, m.weight] as const));
const pickModel = (rng: Rng, make: Make) => make.models[rng.zipf(make.models.length, 0.8)]!;
const money = (n: number) => n.toLocaleString('en-KE');
const round = (n: number, to: number) => Math.max(to, Math.round(n / to) * to);
/** Sellers write a phone or till number now and then: a long tail of numbers nobody searches for. */
const contact = (rng: Rng) =>
  rng.weighted([
    [`Call ${rng.pick(NAMES)} on 07${rng.int(10_000_000, 99_999_999)}`, 3],
    [`M-Pesa till ${rng.int(100_000, 9_999_999)}`, 1],
    [`Ask for ${rng.pick(NAMES)}`, 2],
    ['', 6],
  ] as const);

type Draft = Pick<BenchListing, 'title' | 'description' | 'subcategory' | 'price'> & { currency?: string };

function car(rng: Rng, town: string): Draft {
  if (rng.chance(0.12)) {
    const bike = rng.pick(['Boxer BM150', 'TVS HLX 125', 'Honda Ace 125', 'Haojue DK150', 'Yamaha Crux', 'TVS Apache 160', 'Bajaj Boxer 2023']);
    return {
      title: `${bike} motorbike ${rng.int(2016, 2024)}`,
      description: `${rng.pick(CONDITION)} ${bike}, logbook ready, ${money(round(rng.int(2_000, 60_000), 100))} km. ${rng.pick(CLOSERS)}. Located in ${town}.`,
      subcategory: 'Motorbikes',
      price: round(rng.int(90_000, 260_000), 1000),
    };
  }
  if (rng.chance(0.12)) {
    const part = rng.pick(['tyres 195/65 R15', 'alloy rims 17 inch', 'side mirror', 'headlights', 'engine 1NZ', 'gearbox', 'car battery N70', 'shock absorbers', 'brake pads', 'car radio Android']);
    const make = pickMake(rng, CAR_MAKES);
    return {
      title: `${make.brand} ${pickModel(rng, make)} ${part}`,
      description: `${rng.pick(CONDITION)} ${part} for ${make.brand} ${make.models.slice(0, 3).join(', ')}. ${rng.pick(CLOSERS)}. ${contact(rng)}`,
      subcategory: 'Vehicle Parts',
      price: round(rng.int(1_500, 120_000), 100),
    };
  }
  const make = pickMake(rng, CAR_MAKES);
  const model = pickModel(rng, make);
  const year = rng.int(2006, 2023);
  const cc = rng.pick(['1300', '1500', '1800', '2000', '2400', '2700', '3000', '4500']);
  const gear = rng.chance(0.85) ? 'automatic' : 'manual';
  const fuel = rng.chance(0.8) ? 'petrol' : 'diesel';
  const colour = rng.pick(COLOURS);
  const title = rng.weighted([
    [`${make.brand} ${model} ${year}`, 5],
    [`${make.brand} ${model} ${year} ${gear}`, 2],
    [`Clean ${make.brand} ${model} for sale`, 2],
    [`${make.brand} ${model}, ${year}, ${cc}cc`, 2],
    [`${year} ${make.brand} ${model} ${colour}`, 1],
  ] as const);
  const extras = Array.from({ length: rng.int(1, 4) }, () => rng.pick(['leather seats', 'sunroof', 'reverse camera', 'alloy rims', 'new tyres', 'full service history', 'accident free', 'low mileage', 'push start', 'cruise control', 'fog lights', 'KRA cleared', 'logbook in my name', '4WD', 'first owner']));
  const mileage = money(round(rng.int(15_000, 250_000), 1000));
  return {
    title,
    description: `${year} ${make.brand} ${model} ${cc}cc ${gear} ${fuel}, ${mileage} km, ${colour}. ${rng.pick(CONDITION)}, ${[...new Set(extras)].join(', ')}. ${rng.pick(CLOSERS)}. Located in ${town}. ${contact(rng)}`,
    subcategory: 'Cars',
    price: round(rng.int(350_000, 9_000_000) * (year > 2017 ? 1.6 : 1), 10_000),
    currency: rng.chance(0.02) ? 'USD' : undefined,
  };
}

function electronics(rng: Rng, town: string): Draft {
  const kind = rng.weighted([
    ['phone', 40],
    ['laptop', 20],
    ['tv', 14],
    ['console', 6],
    ['audio', 6],
    ['camera', 3],
    ['tablet', 4],
    ['gadget', 7],
  ] as const);
  const cond = rng.pick(CONDITION);
  const closer = rng.pick(CLOSERS);
  switch (kind) {
    case 'phone': {
      const make = pickMake(rng, PHONE_MAKES);
      const model = pickModel(rng, make);
      const storage = rng.pick(['32GB', '64GB', '128GB', '256GB', '512GB']);
      const ram = rng.pick(['3GB', '4GB', '6GB', '8GB', '12GB']);
      const name = `${make.brand} ${model}`;
      return {
        title: rng.weighted([
          [`${name} ${storage}`, 4],
          [`${name}`, 2],
          [`${cond} ${name} ${storage} ${rng.pick(COLOURS)}`, 2],
          [`${name} ${ram} RAM ${storage}`, 1],
        ] as const),
        description: `${cond} ${name}, ${storage} storage, ${ram} RAM, ${rng.chance(0.4) ? '5G, ' : ''}battery health ${rng.int(78, 100)}%. ${rng.pick(['Comes with charger and box', 'Face ID working', 'No scratches', 'Dual SIM', 'With original receipt', 'Screen protector and cover included'])}. ${closer}. ${town}. ${contact(rng)}`,
        subcategory: 'Mobile Phones',
        price: round(rng.int(6_000, 180_000), 500),
      };
    }
    case 'laptop': {
      const make = pickMake(rng, LAPTOP_MAKES);
      const model = pickModel(rng, make);
      const cpu = make.brand.startsWith('Apple') ? 'Apple silicon' : `Core ${rng.pick(['i3', 'i5', 'i5', 'i7', 'i7', 'i9'])} ${rng.int(6, 13)}th Gen`;
      const ram = rng.pick(['4GB', '8GB', '8GB', '16GB', '32GB']);
      const disk = rng.pick(['256GB SSD', '512GB SSD', '1TB SSD', '500GB HDD', '1TB HDD']);
      return {
        title: rng.weighted([
          [`${make.brand} ${model} ${cpu} ${ram} ${disk}`, 3],
          [`${make.brand} ${model} laptop`, 3],
          [`${cond} ${make.brand} ${model}`, 2],
        ] as const),
        description: `${make.brand} ${model} laptop, ${cpu}, ${ram} RAM, ${disk}, ${rng.pick(['touchscreen', 'backlit keyboard', 'fingerprint reader', '14 inch FHD', '15.6 inch', 'Windows 11 Pro', 'MS Office installed'])}. ${cond}. ${closer}. ${town}. ${contact(rng)}`,
        subcategory: 'Laptops & Computers',
        price: round(rng.int(15_000, 250_000), 500),
      };
    }
    case 'tv': {
      const brand = TV_BRANDS[rng.zipf(TV_BRANDS.length, 0.9)]!;
      const size = rng.pick(TV_SIZES);
      const tvKind = rng.pick(TV_KINDS);
      return {
        title: rng.weighted([
          [`${brand} ${size} inch ${tvKind}`, 4],
          [`${brand} ${size}" ${tvKind}`, 2],
          [`${size} inch ${brand} TV`, 2],
        ] as const),
        description: `${cond} ${brand} ${size} inch ${tvKind}, ${rng.pick(['Netflix YouTube', 'Bluetooth, Wi-Fi', 'free to air channels', 'HDR10', 'wall mount included', 'inbuilt decoder'])}. ${rng.int(1, 2)} year warranty. ${closer}. ${town}.`,
        subcategory: 'TVs',
        price: round(rng.int(9_000, 320_000), 500),
      };
    }
    case 'console': {
      const c = rng.pick(CONSOLES);
      return {
        title: `${c} ${rng.pick(['with 2 controllers', 'console', 'bundle', '1TB', 'with FIFA 24', ''])}`.trim(),
        description: `${cond} ${c}, ${rng.pick(['2 pads', 'one controller', 'games installed', 'GTA V and FIFA', 'jailbroken', 'HDMI and power cable'])}. ${closer}. ${town}.`,
        subcategory: 'Video Games',
        price: round(rng.int(15_000, 90_000), 500),
      };
    }
    case 'audio':
    case 'camera':
    case 'tablet':
    case 'gadget': {
      const item = rng.pick(kind === 'audio' ? AUDIO : kind === 'camera' ? CAMERAS : kind === 'tablet' ? TABLETS : GADGETS);
      return {
        title: `${item}${rng.chance(0.3) ? ` ${cond}` : ''}`,
        description: `${cond} ${item}. ${closer}. ${town}. ${contact(rng)}`,
        subcategory: { audio: 'Audio', camera: 'Cameras', tablet: 'Tablets', gadget: 'Accessories' }[kind],
        price: round(rng.int(1_000, 250_000), 100),
      };
    }
  }
}

function furniture(rng: Rng, town: string): Draft {
  const closer = rng.pick(CLOSERS);
  if (rng.chance(0.35)) {
    const sofa = rng.pick(SOFAS);
    const material = rng.pick(SOFA_MATERIAL);
    return {
      title: rng.chance(0.5) ? `${material} ${sofa}` : `${sofa} ${rng.pick(COLOURS)}`,
      description: `${rng.pick(['Brand new', 'Made to order', 'Slightly used', 'Imported'])} ${material} ${sofa} in ${rng.pick(COLOURS)}, ${rng.pick(WOOD)} frame, high density foam. ${closer}. Free delivery within ${town}.`,
      subcategory: 'Sofas',
      price: round(rng.int(18_000, 220_000), 500),
    };
  }
  if (rng.chance(0.3)) {
    const bed = rng.pick(BEDS);
    const wood = rng.pick(WOOD);
    return {
      title: `${wood} ${bed}`,
      description: `${wood} ${bed} ${rng.pick(['with drawers', 'with headboard', 'with mattress', 'and side tables'])}. ${closer}. ${town}.`,
      subcategory: 'Beds',
      price: round(rng.int(12_000, 120_000), 500),
    };
  }
  const item = rng.pick(FURNITURE);
  return {
    title: `${item}${rng.chance(0.4) ? `, ${rng.pick(WOOD)}` : ''}`,
    description: `${rng.pick(CONDITION)} ${item}. ${closer}. Delivery in ${town}. ${contact(rng)}`,
    subcategory: 'Home Furniture',
    price: round(rng.int(1_500, 150_000), 100),
  };
}

function property(rng: Rng, place: Place): Draft {
  const sale = rng.chance(0.35);
  const closer = rng.pick(['Call to view', 'Agent fee applies', 'No agency fee', 'Deposit one month', 'Viewing on weekends', 'Ready for occupation']);
  const features = [...new Set(Array.from({ length: rng.int(2, 5) }, () => rng.pick(PROPERTY_FEATURES)))].join(', ');
  if (rng.chance(0.2)) {
    const plot = rng.pick(['50x100 plot', '1/8 acre plot', '1/4 acre plot', '1 acre land', '5 acres land', '40x80 plot', 'commercial plot']);
    return {
      title: `${plot} for sale in ${place.area}`,
      description: `${plot} in ${place.area}, ${place.county} county, ${rng.pick(['ready title deed', 'near tarmac', 'water and electricity on site', 'fenced', 'red soil', 'gated'])}. ${closer}.`,
      subcategory: 'Land & Plots',
      price: round(rng.int(400_000, 30_000_000), 50_000),
      currency: rng.chance(0.03) ? 'USD' : undefined,
    };
  }
  const rooms = rng.weighted([
    ['bedsitter', 12],
    ['studio', 8],
    ['1 bedroom', 20],
    ['2 bedroom', 25],
    ['3 bedroom', 20],
    ['4 bedroom', 10],
    ['5 bedroom', 5],
  ] as const);
  const type = rooms === 'bedsitter' || rooms === 'studio' ? '' : ` ${rng.pick(HOUSE_TYPES)}`;
  return {
    title: `${rooms}${type} ${sale ? 'for sale' : 'to let'} in ${place.area}`,
    description: `Spacious ${rooms}${type} ${sale ? 'for sale' : 'to let'} in ${place.area}, ${place.county}: ${features}. ${closer}.`,
    subcategory: sale ? 'Houses & Apartments For Sale' : 'Houses & Apartments For Rent',
    price: sale ? round(rng.int(2_500_000, 60_000_000), 50_000) : round(rng.int(6_000, 350_000), 500),
    currency: sale && rng.chance(0.05) ? rng.pick(['USD', 'EUR', 'GBP']) : undefined,
  };
}

function pets(rng: Rng, town: string): Draft {
  if (rng.chance(0.5)) {
    const dog = rng.pick(DOGS);
    return {
      title: `${dog} ${rng.pick(['puppies', 'puppy', 'dog', 'puppies for sale'])}`,
      description: `Pure breed ${dog} ${rng.pick(['puppies', 'puppy'])}, ${rng.int(6, 16)} weeks, vaccinated and dewormed, ${rng.pick(['KUSA registered', 'both parents on site', 'very playful', 'trained'])}. ${rng.pick(CLOSERS)}. ${town}.`,
      subcategory: 'Dogs',
      price: round(rng.int(5_000, 80_000), 500),
    };
  }
  const animal = rng.pick(ANIMALS);
  return {
    title: `${animal} for sale`,
    description: `Healthy ${animal}, ${rng.pick(['well fed', 'vaccinated', 'high yield', 'good breed', 'ready for market'])}. ${rng.pick(CLOSERS)}. ${town}. ${contact(rng)}`,
    subcategory: 'Livestock & Pets',
    price: round(rng.int(300, 250_000), 100),
  };
}

function job(rng: Rng, place: Place): Draft {
  const role = rng.pick(JOBS);
  const salary = round(rng.int(12_000, 180_000), 1000);
  return {
    title: rng.weighted([
      [`${role} needed in ${place.area}`, 3],
      [`Hiring: ${role}`, 2],
      [`${role} wanted urgently`, 1],
      [`Vacancy: ${role}`, 2],
    ] as const),
    description: `We are looking for a ${role} in ${place.area}, ${place.county}. Salary Ksh ${money(salary)} per month. Requirements: ${rng.pick(['KCSE certificate', 'diploma', 'degree', '2 years experience', 'good conduct certificate', 'driving licence'])}, ${rng.pick(['honest', 'hardworking', 'available immediately', 'can speak English and Swahili'])}. Send CV.`,
    subcategory: rng.pick(['Full-time', 'Part-time', 'Casual']),
    price: rng.chance(0.5) ? salary : null,
  };
}

function service(rng: Rng, place: Place): Draft {
  const s = rng.pick(SERVICES);
  return {
    title: rng.weighted([
      [s.endsWith('services') ? s : `${s} services`, 3],
      [`${s} in ${place.area}`, 2],
      [`Affordable ${s}`, 2],
      [`Professional ${s}`, 1],
    ] as const),
    description: `We offer ${s} in ${place.area} and all of ${place.county}. ${rng.pick(['Over 10 years experience', 'Same day service', 'Free quotation', 'Certified technicians', 'Affordable rates'])}. ${contact(rng) || 'Call us today'}.`,
    subcategory: null,
    price: rng.chance(0.4) ? round(rng.int(500, 50_000), 100) : null,
  };
}

function forSale(rng: Rng, town: string): Draft {
  const [item, ...brands] = FOR_SALE[rng.zipf(FOR_SALE.length, 0.6)]!;
  const brand = rng.pick(brands);
  return {
    title: rng.chance(0.6) ? `${brand} ${item}` : `${item} ${brand}`,
    description: `${rng.pick(CONDITION)} ${brand} ${item}. ${rng.pick(CLOSERS)}. ${town}. ${contact(rng)}`,
    subcategory: null,
    price: round(rng.int(300, 150_000), 50),
  };
}

function others(rng: Rng, town: string): Draft {
  const item = rng.pick(OTHERS);
  return {
    title: item,
    description: `${item}, ${rng.pick(CONDITION)}. ${rng.pick(CLOSERS)}. ${town}.`,
    subcategory: null,
    price: rng.chance(0.7) ? round(rng.int(100, 60_000), 50) : null,
  };
}

export function pickPlace(rng: Rng): Place {
  return rng.weighted(PLACE_WEIGHTS);
}

export function generateListing(rng: Rng, ageSeconds: number): BenchListing {
  const category = rng.weighted(CATEGORY_WEIGHTS);
  const place = pickPlace(rng);
  const town = place.area;
  const draft =
    category === 'Cars & Vehicles'
      ? car(rng, town)
      : category === 'Electronics'
        ? electronics(rng, town)
        : category === 'Furniture'
          ? furniture(rng, town)
          : category === 'Property'
            ? property(rng, place)
            : category === 'Pets'
              ? pets(rng, town)
              : category === 'Jobs'
                ? job(rng, place)
                : category === 'Services'
                  ? service(rng, place)
                  : category === 'For Sale'
                    ? forSale(rng, town)
                    : others(rng, town);
  const featured = rng.next();
  return {
    title: draft.title.slice(0, 120),
    description: draft.description,
    category,
    subcategory: draft.subcategory,
    price: draft.price !== null && category !== 'Jobs' && category !== 'Services' && rng.chance(0.04) ? null : draft.price,
    currency: draft.currency ?? 'KES',
    location: rng.weighted([
      [`${place.area}, ${place.county}`, 6],
      [place.area, 3],
      [place.county, 1],
    ] as const),
    ageSeconds,
    // A few active features (days left), more expired ones.
    featuredForSeconds: featured < 0.004 ? rng.int(3_600, 14 * 86_400) : featured < 0.03 ? -rng.int(3_600, 300 * 86_400) : null,
    images: rng.weighted([
      [0, 1],
      [1, 4],
      [2, 3],
      [3, 2],
      [5, 1],
    ] as const),
  };
}
