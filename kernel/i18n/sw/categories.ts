/** Kiswahili of kernel/i18n/en/categories.ts (docs/swahili-glossary.md, Categories). */
export const carsVehicles = 'Magari na usafiri';
export const forSale = 'Vitu vya kuuza';
export const services = 'Huduma';
export const property = 'Nyumba na mashamba';
export const pets = 'Wanyama vipenzi';
export const jobs = 'Kazi';
export const furniture = 'Fanicha';
export const electronics = 'Elektroniki';
export const others = 'Vingine';

export const carsVehiclesDescription = 'Magari, pikipiki, malori, matatu na vipuri kutoka kwa wauzaji kote Kenya.';
export const forSaleDescription = 'Vitu vya kila siku vinavyouzwa: nguo, vitabu, vitu vya watoto, vifaa vya michezo na zaidi.';
export const servicesDescription = 'Huduma za karibu: usafi, matengenezo, masomo, sherehe, usafiri na urembo.';
export const propertyDescription = 'Nyumba na apartment za kupangisha au kununua, mashamba, maduka na ofisi.';
export const petsDescription = 'Watoto wa mbwa na paka, ndege na mifugo, pamoja na chakula na vifaa vya wanyama.';
export const jobsDescription = 'Nafasi za kazi na vibarua kutoka kwa waajiri walio karibu nawe.';
export const furnitureDescription = 'Makochi, vitanda, meza, makabati na fanicha za ofisi, mpya na zilizotumika.';
export const electronicsDescription = 'Simu, laptop, TV, redio na vifaa vya umeme vya nyumbani.';
export const othersDescription = 'Kila kitu kisichoingia katika aina nyingine.';
