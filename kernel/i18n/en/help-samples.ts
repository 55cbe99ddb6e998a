/**
 * The specification's sample pages (app/routes/help/create-listing.tsx, manage-job-ads.tsx and
 * app/samples/). English: the specification's words. The sample job ads' own titles and
 * companies are ad content and stay as they are.
 */

export const demoTitle = 'Create a listing (demo)';
export const demoDescription = 'A demonstration of the listing form. Nothing is saved; use Post an ad to publish a real ad.';
export const demoWarning = 'This is a demo form: nothing you enter here is saved or published.';
export const demoWarningAfter = ' To post a real ad, use';
export const postAd = 'Post an ad';
export const demoDone = 'Demo only: the values were written to the browser console and nothing was saved.';
export const postRealAd = 'Post a real ad';
export const title = 'Title';
export const category = 'Category';
export const chooseCategory = 'Choose a category';
export const price = 'Price (Ksh)';
export const location = 'Location';
export const locationPlaceholder = 'e.g. Westlands, Nairobi';
export const description = 'Description';
export const photos = 'Photos';
/** "You can add up to 10 photos." */
export const photosHintBefore = 'You can add up to ';
export const photosHintAfter = ' photos.';
export const createDemo = 'Create Listing (demo)';
export const categoryVehicles = 'Vehicles';
export const categoryProperties = 'Properties';
export const categoryElectronics = 'Electronics';
export const categoryFurniture = 'Furniture';
export const categoryComputers = 'Computers';
export const categoryOther = 'Other';

export const jobsTitle = 'Manage Job Ads';
export const jobsDescription = 'Your job ads on Soko: status, applications and date posted.';
export const jobsNotice = 'these job ads are examples. Posting and managing job ads is coming soon.';
export const jobsCaption = 'Your job ads';
export const jobTitle = 'Job Title';
export const company = 'Company';
export const status = 'Status';
export const applications = 'Applications';
export const datePosted = 'Date Posted';
export const actions = 'Actions';
export const statusActive = 'Active';
export const statusExpired = 'Expired';
export const viewApps = 'View Apps';
export const edit = 'Edit';
export const closeAd = 'Close Ad';
/** What the actions say while job ads are a sample page. */
export const jobActionNotice = 'Job ads are a sample page for now: this action is not available yet.';
