import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'Terms of Service',
    'The rules for using Soko, the Kenyan classifieds marketplace: accounts, what you may post, featuring fees, dealing with other users and our responsibilities.',
  );

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.mail.supportEmail };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <Article title="Terms of Service" lead="These terms are the agreement between you and Soko when you use the website and its services. Please read them; by using Soko you accept them.">
      <h2>1. What Soko is</h2>
      <p>
        Soko is an online classifieds marketplace where people in Kenya advertise items, property, vehicles, jobs and
        services, and where buyers find and contact them. Soko is not a party to any deal between users: we do not own,
        sell, inspect, deliver or guarantee the items advertised, and we do not hold payments for them.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You must be at least 18 years old to create an account and post ads.</li>
        <li>Give true details about yourself, and keep your e-mail address and phone number current.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
        <li>One person, one account. Accounts may not be sold or transferred.</li>
        <li>
          You can delete your account at any time in My Details, under Danger Zone (see{' '}
          <Link to="/guides/account-settings">Account settings</Link>).
        </li>
      </ul>

      <h2>3. Posting ads</h2>
      <p>When you post an ad, you confirm that:</p>
      <ul>
        <li>you have the right to sell or offer what you advertise, and it is described honestly, including its faults;</li>
        <li>the price is the real price, and the photos are of the actual item (or you have the right to use them);</li>
        <li>the ad is in the right category, and you post each item once rather than repeating it.</li>
      </ul>
      <p>You may not advertise:</p>
      <ul>
        <li>stolen goods, or goods whose ownership you cannot prove (for example a vehicle without its logbook);</li>
        <li>counterfeit or pirated goods;</li>
        <li>firearms, ammunition, explosives and other weapons;</li>
        <li>narcotic drugs, prescription-only medicines and unregistered medical products;</li>
        <li>wildlife and wildlife products, such as ivory, rhino horn, bushmeat and live protected species;</li>
        <li>forged or official documents, such as IDs, certificates, permits and number plates;</li>
        <li>personal data, SIM cards registered to someone else, or access to other people&rsquo;s accounts;</li>
        <li>adult sexual services or content, and anything that promotes hate or violence;</li>
        <li>job ads that charge applicants a fee, pyramid schemes and &ldquo;get rich quick&rdquo; offers;</li>
        <li>anything else that is illegal to sell or advertise in Kenya.</li>
      </ul>
      <p>
        We may edit the category of, hide or remove any ad that breaks these rules or that users report as fraudulent,
        and suspend or close accounts that do so repeatedly. Where we can, we tell you why.
      </p>

      <h2>4. Featuring and payments</h2>
      <ul>
        <li>Posting ads is free. Featuring an ad costs 200 Ksh for one week (7 days) from when the payment is confirmed.</li>
        <li>
          Payments are processed by Flutterwave, by M-Pesa or card. Soko does not receive or store your card details or
          M-Pesa PIN.
        </li>
        <li>
          The fee buys placement, not a sale: we do not promise any number of views or buyers. If your ad is removed for
          breaking these terms, the fee is not refunded.
        </li>
        <li>
          If you were charged and your ad was not featured, contact us within 30 days with the transaction reference and we
          will feature the ad or refund you.
        </li>
      </ul>

      <h2>5. Dealing with other users</h2>
      <p>
        Agreements are between buyer and seller. Meet safely, inspect before you pay, and follow our{' '}
        <Link to="/guides/safe-trading">safe trading guide</Link>. Use the contact details you see on Soko only to deal
        about the ad: not for marketing, spam or harassment. Copying ads or phone numbers from Soko with automated tools is
        not allowed.
      </p>

      <h2>6. Your content</h2>
      <p>
        You keep ownership of the text and photos you post. You allow Soko to store, resize, display and promote them on
        Soko for as long as the ad is online. When you delete an ad or your account, we delete its text and photos.
      </p>

      <h2>7. Our responsibility</h2>
      <p>
        We work to keep Soko available, fast and free of fraud, and we act on reports. But because we are not part of the
        deals made on Soko, we are not responsible for the quality, safety, legality or delivery of advertised items, for
        the truth of ads, or for what users do. Nothing in these terms limits rights you have under the Consumer
        Protection Act, 2012 or other Kenyan law that cannot be limited by agreement.
      </p>

      <h2>8. Privacy</h2>
      <p>
        How we collect and use personal data, and your rights under the Data Protection Act, 2019, are explained in our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>9. Changes and law</h2>
      <p>
        We may update these terms as the service changes; we tell registered users about important changes by e-mail
        before they take effect. These terms are governed by the laws of Kenya, and the courts of Kenya have jurisdiction
        over any dispute.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or the{' '}
        <Link to="/contact-form">contact form</Link>.
      </p>
    </Article>
  );
}
