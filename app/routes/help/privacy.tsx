import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'Privacy Policy',
    'What personal data Soko collects, why, who sees it, how long we keep it, and your rights under the Kenya Data Protection Act, 2019, including how to delete your account.',
  );

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.mail.supportEmail };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <Article
      title="Privacy Policy"
      lead="We collect only what we need to run the marketplace, we do not sell your data, and you can see, correct or delete it at any time."
    >
      <p>
        Soko is the data controller for the personal data described here, and we process it in line with Kenya&rsquo;s Data
        Protection Act, 2019. For any privacy question or request, write to {mail}.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your account</strong>: first and last name, e-mail address, phone number, location and, if you add them,
          address, city and country. Your password is stored only as a one-way hash: nobody at Soko can read it.
        </li>
        <li>
          <strong>Your ads</strong>: the text, price, location and photos you post. We remove hidden data such as GPS
          coordinates from photos before publishing them.
        </li>
        <li>
          <strong>Payments for featuring</strong>: the amount, status and transaction reference. Card and M-Pesa details are
          handled by Flutterwave; we never see your card number or PIN.
        </li>
        <li>
          <strong>Messages to support</strong>: your name, e-mail address and what you write in the contact form.
        </li>
        <li>
          <strong>Technical data</strong>: your IP address and the pages requested, kept in short-lived security logs to stop
          abuse such as password guessing and spam.
        </li>
      </ul>
      <p>
        We use one cookie, to keep you signed in, and your browser stores your light or dark theme choice. We use no
        advertising or tracking cookies.
      </p>

      <h2>Why we use it</h2>
      <ul>
        <li>To run your account and publish your ads (this is needed to provide the service you asked for).</li>
        <li>To let buyers contact you: your phone number is shown only to someone who taps Show phone number on your ad.</li>
        <li>To process featuring payments and keep the records the law requires.</li>
        <li>To answer your messages and send account e-mails such as password reset links.</li>
        <li>To keep Soko safe: preventing fraud, spam and attacks (our legitimate interest, and yours).</li>
      </ul>

      <h2>Who can see it</h2>
      <ul>
        <li>
          Everyone can see your ads and the seller details shown with them (your name, when you joined and how many ads you
          have), as a marketplace needs.
        </li>
        <li>
          Service providers who work for us under contract: Flutterwave for payments and our e-mail and hosting providers.
          They may use your data only to provide their service to us.
        </li>
        <li>Authorities, when Kenyan law requires it, for example a court order or a police investigation of fraud.</li>
      </ul>
      <p>We never sell your personal data or share it for other companies&rsquo; marketing.</p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account and ads: until you delete them.</li>
        <li>
          Payment records: as long as Kenyan tax law requires (normally five years); after you delete your account they are
          no longer linked to it.
        </li>
        <li>Support messages: up to two years, so we can follow up on reports.</li>
        <li>Security logs: a few weeks.</li>
      </ul>

      <h2 id="your-rights">Your rights under the Data Protection Act, 2019</h2>
      <p>As a data subject you have the right to:</p>
      <ul>
        <li>
          <strong>be informed</strong> of how your data is used (this page);
        </li>
        <li>
          <strong>access</strong> the personal data we hold about you and get a copy of it;
        </li>
        <li>
          <strong>correction</strong> of data that is wrong or out of date: most of it you can fix yourself in My Details;
        </li>
        <li>
          <strong>deletion</strong> of your data: delete your ads in Manage my Ads, or your whole account as shown below;
        </li>
        <li>
          <strong>object</strong> to our processing of your data, including for direct marketing (we do not send any);
        </li>
        <li>
          <strong>data portability</strong>: to receive your data in a structured, machine-readable format and have it sent
          to another service.
        </li>
      </ul>
      <p>
        To use a right that you cannot use yourself in My Details, e-mail {mail} from the address on your account. We reply
        within 7 days and may ask you to confirm it is you. There is no charge.
      </p>

      <Callout title="How to delete your account">
        <p>
          Sign in, open <strong>My Details</strong> from the menu, scroll to the <strong>Danger Zone</strong> and tap{' '}
          <strong>Delete My Account</strong>, then confirm. Your profile, ads and photos are deleted and you are signed out
          everywhere. This cannot be undone. More in <Link to="/guides/account-settings">Account settings</Link>.
        </p>
      </Callout>

      <h2>Complaints</h2>
      <p>
        If you are not happy with how we handled your data or a request, please tell us first at {mail}. You also have the
        right to complain to the <strong>Office of the Data Protection Commissioner (ODPC)</strong>, Kenya&rsquo;s data
        protection authority, at <a href="https://www.odpc.go.ke" rel="noopener noreferrer">www.odpc.go.ke</a>.
      </p>

      <h2>Security</h2>
      <p>
        Connections to Soko are encrypted, passwords are hashed with a slow, modern algorithm, sign-in is protected
        against guessing, and access to personal data inside Soko is limited to what each task needs.
      </p>

      <h2>Children</h2>
      <p>Soko is not meant for anyone under 18, and we do not knowingly collect data about children.</p>

      <h2>Changes</h2>
      <p>
        If we change this policy in a way that matters, we will tell registered users by e-mail before the change applies.
        See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    </Article>
  );
}
