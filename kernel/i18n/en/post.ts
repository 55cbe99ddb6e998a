/**
 * Posting and editing an ad: the post/edit form (app/components/listings/forms/), its pages
 * (post-ad.tsx, edit-ad.tsx), the draft's messages, and the form rules' messages of
 * kernel/listing-rules.ts and kernel/draft-rules.ts. English: the specification's words.
 * Imported as `#messages/post.ts`, named imports only; a text around a value is split at it.
 */

/** kernel/listing-rules.ts */
export const required = 'Error: All fields and at least one image are required.';
export const tooManyImages = 'Error: You can upload a maximum of 10 images.';
export const imageRequiredHint = 'At least one image is required.';
export const notAuthorizedListing = 'You are not authorized to edit this listing.';
export const notAuthorizedAd = 'You are not authorized to edit this ad.';
export const adPosted = 'Ad posted successfully!';
export const adUpdated = 'Ad updated successfully!';
export const adDeleted = 'Ad deleted successfully!';
export const noSubcategory = 'N/A (No Subcategory)';

/** kernel/draft-rules.ts */
export const draftNotFound = 'Draft not found.';
export const draftSaved = 'Draft saved';
export const photoNotUploaded = 'Not uploaded yet.';
export const draftOffline = 'You are offline. Your draft and the photos already uploaded are saved; the rest upload when you are back online.';
export const draftRetrying = 'A photo did not upload. Your draft and the photos already uploaded are saved; it is tried again in a moment.';
/** "Draft saved · photo 2 of 3 uploaded": after "Draft saved", around the counts. */
export const draftPhotoBefore = ' · photo ';
export const draftPhotoOf = ' of ';
export const draftPhotoAfter = ' uploaded';
export const savingDraft = 'Saving draft…';
export const photoRefused = 'That photo could not be uploaded.';

/** post-ad.tsx */
export const editListingTitle = 'Edit Your Listing | Soko';
export const postAdTitle = 'Post an ad | Soko';
export const editLoadFailed = 'Error loading ad for editing: Listing not found.';
/** The offer to continue the latest draft (HTML written by the loader; the title comes marked up). */
export const unfinishedDraft = (p: { title: string; photos: number; saved: string }) =>
  `You have an unfinished ad${p.title} with ${p.photos} photo${p.photos === 1 ? '' : 's'}, saved ${p.saved}.`;
export const continueIt = 'Continue it';
export const failedToUpdate = 'Failed to update ad';
export const failedToPost = 'Failed to post ad';
/** " is under review: …" and " is live: …" after the ad's title. */
export const underReview = ' is under review: a moderator checks it before buyers can see it, usually within a day. Manage ads shows when it is live.';
export const isLive = ' is live: buyers can find it and call you now.';
export const viewYourAd = 'View your ad';
export const postAnother = 'Post another';
export const featureIt = 'Feature it';
export const featuringExplained = 'Featuring puts your ad first, with a Featured badge, for a week.';
export const goHome = 'Go to Home';

/** edit-ad.tsx */
export const editAdTitle = 'Edit ad | Soko';
export const loadAdFailed = 'Failed to load ad: Listing not found.';
/** "Failed to update ad: …". */
export const failedToUpdatePrefix = 'Failed to update ad: ';
export const backToManageAds = 'Back to Manage Ads';
export const editAd = 'Edit Ad';
export const adTitle = 'Ad Title';
/** "Price (Ksh)": before the currency. */
export const priceBefore = 'Price (';
export const currentImages = 'Current images';
/** "Photo 2 of Toyota Axio". */
export const photoBefore = 'Photo ';
export const photoOfTitle = ' of ';
export const noPhotos = 'This ad has no photos.';
export const imagesNotEdited = 'Images are not edited here. To change photos, use the';
export const fullEditForm = 'full edit form';
export const updatingAd = 'Updating Ad...';
export const updateAd = 'Update Ad';

/** ListingForm.tsx, FormParts.tsx */
export const enterTitle = 'Enter a title.';
export const chooseCategory = 'Choose a category.';
export const chooseLocation = 'Choose a town or county.';
export const enterDescription = 'Enter a description.';
export const notAuthenticated = 'Error: Not authenticated. Please log in.';
export const networkError = 'Network error. Please check your connection and try again.';
export const editYourListing = 'Edit Your Listing';
export const createListingHeading = 'Create a New Listing';
export const title = 'Title';
export const titlePlaceholder = 'e.g. Toyota Axio 2016, clean';
export const category = 'Category';
export const subcategory = 'Subcategory';
export const location = 'Location';
export const price = 'Price';
export const priceHelp = 'Leave it empty if the price is negotiable.';
export const currency = 'Currency';
export const selectCurrency = 'Select a currency';
export const description = 'Description';
export const descriptionPlaceholder = 'Condition, age, what is included, how to pay...';
/** "Uploading photos... 40%": before the figure. */
export const uploadingPhotos = 'Uploading photos... ';
export const savingAd = 'Saving your ad...';
export const cancel = 'Cancel';
export const updating = 'Updating...';
export const posting = 'Posting...';
export const checkingPhotos = 'Checking photos...';
export const saveChanges = 'Save Changes';
export const createListing = 'Create Listing';
export const selectCategory = 'Select a category';

/** PhotoPicker.tsx, PhotoUpload.tsx: "“a.heic” is not a JPEG, … photo." around the file's name. */
export const largerThan = '” is larger than ';
export const notAPhotoBefore = '” is not a ';
export const notAPhotoAfter = ' photo.';
export const notAdded = ' It was not added.';
export const photosUpTo = 'Photos (up to ';
export const selectedPhotos = 'Selected photos';
/** A photo's name in the buttons' labels: "current photo 1", "new photo 2" (the kind, then before the number). */
export const currentPhotoName = 'current';
export const newPhotoName = 'new';
export const photoNameNumber = ' photo ';
export const currentPhotoAlt = 'Current photo ';
export const newPhotoAlt = 'New photo ';
export const cover = 'Cover';
/** "Make new photo 2 the cover", "Move new photo 2 earlier", "Remove new photo 2". */
export const makeBefore = 'Make ';
export const makeAfter = ' the cover';
export const moveBefore = 'Move ';
export const moveEarlier = ' earlier';
export const moveLater = ' later';
export const removeBefore = 'Remove ';
export const remove = 'Remove';
export const keep = 'Keep';
export const addPhotos = 'Add photos';
/** "JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each. The first photo is the cover: use Cover …" */
export const upTo = ', up to ';
export const mbEach = ' MB each. The first photo is the cover';
export const coverHowTo = ': use Cover and the arrows to choose it and the order.';
export const uploaded = 'Uploaded';
export const retry = 'Retry';
/** "Uploading IMG_2031.jpg", "Uploading 40%". */
export const uploadingBefore = 'Uploading ';
export const preparing = 'Preparing…';
export const waiting = 'Waiting…';

/** SubcategoryFields.tsx */
export const subcategoryHelpLive = 'Buyers filter by it and by its details.';
export const subcategoryHelp = 'One of your category’s. Then fill in its details below, if it has any.';
/** "Cars details". */
export const detailsAfter = ' details';
export const notGiven = 'Not given';
