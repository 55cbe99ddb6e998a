/**
 * The account pages' texts (login, sign-up, forgot and reset password, My Details, phone
 * verification, welcome) and kernel/account-rules.ts and kernel/phone-verification-rules.ts
 * messages. English: the specification's words. Imported as `#messages/accounts.ts`, named
 * imports only (docs/decisions/swahili-i18n.md). A text split around a value (`...Before`,
 * `...After`) keeps the compiled English page exactly as the literal was.
 */

// kernel/account-rules.ts (the server sends these too)
export const invalidEmail = 'Please enter a valid email address.';
/** "Password must be at least 8 characters long.": before and after the number. */
export const shortPasswordBefore = 'Password must be at least ';
export const shortPasswordAfter = ' characters long.';
export const longPasswordBefore = 'Password must be at most ';
export const longPasswordAfter = ' characters long.';
export const registered = 'Registration successful! Please log in.';
export const resetRequested = 'If an account with that email exists, a password reset link has been sent to your inbox.';
export const resetMissingToken = 'Password reset token is missing from the URL.';
export const resetInvalidLink = 'The password reset link is invalid or expired. Please request a new one.';
export const resetDone = 'Your password has been successfully reset! You can now log in with your new password.';
export const signedOutEverywhere = 'You have been signed out on every device.';

// app/components/accounts/messages.ts
export const loginFailed = 'Login failed';
/** The server's answer to a wrong e-mail or password (server/auth/accounts.ts INVALID_CREDENTIALS), as the login page shows it. */
export const invalidCredentials = 'Invalid email or password.';
export const registrationFailed = 'Registration failed';
export const passwordsDoNotMatch = 'Passwords do not match';
export const mustAgree = 'You must agree to the Terms of Service and Privacy Policy.';
export const forgotFailed = 'Failed to send reset link. Please try again.';
export const networkError = 'Network error. Please check your connection and try again.';
export const resetNoTokenToast = 'Invalid Link: No reset token found in the URL.';
export const resetMismatch = 'Passwords do not match.';
export const resetFailed = 'Failed to reset password. Please try again.';
export const sessionExpired = 'Your session has expired. Please log in again.';
export const noChanges = 'No changes detected. Details are up-to-date.';
export const detailsUpdated = 'Details updated successfully!';
export const confirmDelete = 'Are you sure you want to delete your account? This action cannot be undone.';
export const accountDeleted = 'Account deleted successfully! Redirecting...';

// PasswordInput
/** "Show password" / "Hide password": before the field's label in lower case. */
export const showLabelBefore = 'Show ';
export const hideLabelBefore = 'Hide ';
export const show = 'Show';
export const hide = 'Hide';

// Form labels shared by the pages
export const email = 'Email';
export const password = 'Password';
export const firstName = 'First name';
export const lastName = 'Last name';
export const location = 'Location';

// Login
export const loginTitle = 'Login | Soko';
export const loginHeading = 'Login';
export const loginIntro = 'Welcome back! Log in to post and manage your ads.';
export const rememberMe = 'Remember me';
export const forgotPasswordLink = 'Forgot password?';
export const loggingIn = 'Logging in...';
export const loginButton = 'Login';
export const noAccount = "Don't have an account?";
export const signUp = 'Sign up';

// Register
export const registerTitle = 'Sign up | Soko';
export const registerHeading = 'Create an account';
export const registerIntro = 'Sign up to post ads and reach buyers across Kenya.';
export const phoneNumber = 'Phone number';
export const phonePlaceholder = 'e.g. +254712345678';
export const phoneHint = 'International format with country code; 07… and 01… numbers work too.';
export const confirmPassword = 'Confirm password';
/** "I agree to the [Terms of Service] and [Privacy Policy].": the parts around the two links. */
export const agreeBefore = 'I agree to the ';
export const termsOfService = 'Terms of Service';
export const agreeAnd = ' and ';
export const privacyPolicy = 'Privacy Policy';
export const agreeAfter = '.';
export const signingUp = 'Signing up...';
export const haveAccount = 'Already have an account?';
export const signIn = 'Sign in';

// Forgot password
export const forgotTitle = 'Forgot password | Soko';
export const checkInbox = 'Check your inbox';
export const linkWorksOnce = 'The link works once and expires in one hour. Check your spam folder if you do not see it.';
export const backToLogin = 'Back to Login';
export const forgotHeading = 'Forgot password';
export const forgotIntro = 'Enter the email of your account and we will send you a link to choose a new password.';
export const sending = 'Sending...';
export const sendResetLink = 'Send Reset Link';

// Reset password
export const resetTitle = 'Reset password | Soko';
export const invalidLinkHeading = 'Invalid Link';
export const requestNewLink = 'Request a New Link';
export const resetHeading = 'Reset Password';
export const checkingResetLink = 'Checking your reset link...';
export const resetIntro = 'Choose a new password for your account. It must be at least 8 characters long.';
export const newPassword = 'New Password';
export const confirmNewPassword = 'Confirm New Password';
export const resetting = 'Resetting...';
export const resetButton = 'Reset Password';

// My Details
export const myDetailsTitle = 'My Details | Soko';
export const errorSavingContact = 'Error saving contact settings: ';
export const errorDeletingAccount = 'Error deleting account: ';
export const errorUpdatingDetails = 'Error updating details: ';
export const invalidInput = 'Invalid input.';
export const contactNumber = 'Contact number';
export const yourRatingBefore = 'Your rating as a seller: ';
export const saving = 'Saving...';
export const saveContactSettings = 'Save contact settings';
export const goHome = 'Go to Home';
export const myDetails = 'My Details';
export const editContactDetails = 'Edit contact details';
export const addContactNumber = 'Add contact number';
export const phonePlaceholderShort = 'e.g. +254...';
export const currentPassword = 'Current password';
export const currentPasswordHint = 'Needed only to change your e-mail address.';
export const saveChanges = 'Save Changes';
export const cancel = 'Cancel';
export const phoneVerificationHeading = 'Phone verification';
export const phoneIsVerifiedNotice = 'Your phone number is verified. Your ads show \u201cVerified phone\u201d.';
/** "Buyers trust a confirmed number. [Verify your phone] with a code we text you." */
export const verifyInviteBefore = 'Buyers trust a confirmed number. ';
export const verifyYourPhoneLink = 'Verify your phone';
export const verifyInviteAfter = ' with a code we text you.';
export const devicesHeading = 'Signed-in devices';
export const devicesText = "Lost a phone, or signed in on someone else's? Sign out on every device, this one included. You can then log in again here.";
export const signingOut = 'Signing out...';
export const signOutEverywhere = 'Sign out everywhere';
export const dangerZone = 'Danger Zone';
export const deleteWarning = 'Deleting your account removes your details, all your ads and their photos for good.';
export const yourPassword = 'Your password';
export const deleting = 'Deleting...';
export const deleteMyAccount = 'Delete My Account';

// Verify phone (and kernel/phone-verification-rules.ts)
export const verifyPhoneTitle = 'Verify your phone | Soko';
export const verifyPhoneHeading = 'Verify your phone';
/** "... We text a 6-digit code to your number; ...": before and after the number of digits. */
export const verifyIntroBefore = 'Buyers trust sellers whose number is confirmed. We text a ';
export const verifyIntroAfter = '-digit code to your number; typing it here proves the phone is yours. Your ads then show \u201cVerified phone\u201d.';
/** "0712 345 678 is verified.": after the number. */
export const phoneVerifiedAfter = ' is verified.';
export const codeLabel = 'Code from the text message';
export const verifyButton = 'Verify';
export const yourNumber = 'Your number: ';
export const sendNewCode = 'Send a new code';
export const textMeCode = 'Text me a code';
export const backToMyDetails = 'Back to My details';
export const unknownAction = 'Unknown action.';
/** "We sent a 6-digit code to 0712 345 678. It expires in 10 minutes.": the parts around the digits, the number and the minutes. */
export const codeSentBefore = 'We sent a ';
export const codeSentDigits = '-digit code to ';
export const codeSentExpires = '. It expires in ';
export const codeSentAfter = ' minutes.';
export const phoneVerified = 'Your phone number is verified. Buyers now see "Verified phone" on your ads.';
export const noPhone = 'Add your phone number in My details first.';
export const alreadyVerified = 'Your phone number is already verified.';
export const verifyUnavailable = 'Phone verification is not available right now. Please try again later.';
/** "We could not send a text to 0712 345 678. Please check ...": before and after the number. */
export const badNumberBefore = 'We could not send a text to ';
export const badNumberAfter = '. Please check the number in My details.';
export const notSent = 'We could not send the code just now. Please try again in a few minutes.';
/** "Enter the 6-digit code from the text message." */
export const codeFormatBefore = 'Enter the ';
export const codeFormatAfter = '-digit code from the text message.';
export const codeExpired = 'That code has expired or was never sent. Please ask for a new one.';
export const numberChanged = 'Your number has changed since the code was sent. Please ask for a new one.';
export const tooManyAttempts = 'Too many wrong codes. Please ask for a new one.';
/** "That code is not right. You have 3 tries left." (the number and the word are joined by a space). */
export const wrongCodeBefore = 'That code is not right. You have ';
export const wrongCodeTry = 'try';
export const wrongCodeTries = 'tries';
export const wrongCodeAfter = ' left.';

// Welcome
export const welcomeTitle = 'Welcome to Soko';
export const postYourAd = 'Post your ad';
export const backToAd = 'Back to the ad';
export const saveAdAndGoBack = 'Save the ad and go back';
export const saveTheSearch = 'Save the search';
export const continueLabel = 'Continue';
/** "Welcome to Soko, Amina!": before and after the first name. */
export const welcomeBefore = 'Welcome to Soko, ';
export const welcomeAfter = '!';
export const accountReady = 'Your account is ready and you are signed in.';
export const postFirstAd = 'Post your first ad';
export const browseAds = 'Browse ads';
