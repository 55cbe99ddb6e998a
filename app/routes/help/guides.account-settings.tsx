import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/guides.account-settings';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'Guide: account settings',
    'How to change your name, e-mail, location and phone number in My Details, change your password with Forgot password, and delete your Soko account.',
  );

export default function AccountSettingsGuide() {
  return (
    <Article title="Account settings" lead="Everything about your Soko account is in My Details, which you open from the menu once you are signed in.">
      <h2>Change your details</h2>
      <ol>
        <li>
          Open the menu and choose <strong>My Details</strong>.
        </li>
        <li>
          Tap <strong>Edit contact details</strong>. You can change your first name, last name, e-mail, location and
          contact number. If you have no number yet, tap <strong>Add contact number</strong>.
        </li>
        <li>
          Tap <strong>Save Changes</strong>, or <strong>Cancel</strong> to go back to your saved details.
        </li>
      </ol>
      <p>
        Write your phone number in international format with the country code, e.g. +254 712 345 678. It is the number
        buyers reach when they tap Show phone number or WhatsApp on your ads, so keep it current.
      </p>

      <h2>Change your password</h2>
      <p>You change your password through the secure reset link, so it also works if you have forgotten the old one:</p>
      <ol>
        <li>
          On the login page tap <strong>Forgot password</strong> (or go straight to{' '}
          <Link to="/forgot-password">Forgot password</Link>).
        </li>
        <li>Enter the e-mail address of your account. We send you a reset link.</li>
        <li>Open the link within one hour; it works only once.</li>
        <li>Choose a new password of at least 8 characters and confirm it.</li>
      </ol>
      <Callout title="Tips for a strong password">
        <p>
          Use a long phrase you do not use anywhere else, not your phone number or your name. Resetting your password signs
          you out on every device, so if you think someone else has used your account, reset it straight away.
        </p>
      </Callout>

      <h2>Delete your account</h2>
      <ol>
        <li>
          Open <strong>My Details</strong> and scroll down to the <strong>Danger Zone</strong>.
        </li>
        <li>
          Tap <strong>Delete My Account</strong> and confirm.
        </li>
      </ol>
      <p>
        Your profile and all your ads and photos are deleted and you are signed out. This cannot be undone, so if you only
        want a break, you can delete your ads instead from Manage my Ads. What we keep after deletion, and why, is
        explained in our <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>Still stuck?</h2>
      <p>
        If you cannot log in or your e-mail address no longer works, <Link to="/contact-form">send us a message</Link> from
        any e-mail address and tell us the name and phone number on the account.
      </p>
    </Article>
  );
}
