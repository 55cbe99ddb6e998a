import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { account1, account2, account3, account4, account5, accountHeading, accountSettings, changes, changesHeading, contact1, contact2, contactForm, contactHeading, content, contentHeading, description, forbidden1, forbidden10, forbidden2, forbidden3, forbidden4, forbidden5, forbidden6, forbidden7, forbidden8, forbidden9, forbiddenIntro, lead, payments1, payments2, payments3, payments4, paymentsHeading, posting1, posting2, posting3, postingHeading, postingIntro, privacy, privacyHeading, privacyPolicy, removal, responsibility, responsibilityHeading, safeTradingGuide, title, users1, users2, usersHeading, what, whatHeading } from '#messages/help-terms.ts';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = (args) => pageMeta(args, title, description);

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.mail.supportEmail };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <Article title={title} lead={lead}>
      <h2>{whatHeading}</h2>
      <p>{what}</p>

      <h2>{accountHeading}</h2>
      <ul>
        <li>{account1}</li>
        <li>{account2}</li>
        <li>{account3}</li>
        <li>{account4}</li>
        <li>
          {account5}{' '}
          <Link to="/guides/account-settings">{accountSettings}</Link>).
        </li>
      </ul>

      <h2>{postingHeading}</h2>
      <p>{postingIntro}</p>
      <ul>
        <li>{posting1}</li>
        <li>{posting2}</li>
        <li>{posting3}</li>
      </ul>
      <p>{forbiddenIntro}</p>
      <ul>
        <li>{forbidden1}</li>
        <li>{forbidden2}</li>
        <li>{forbidden3}</li>
        <li>{forbidden4}</li>
        <li>{forbidden5}</li>
        <li>{forbidden6}</li>
        <li>{forbidden7}</li>
        <li>{forbidden8}</li>
        <li>{forbidden9}</li>
        <li>{forbidden10}</li>
      </ul>
      <p>{removal}</p>

      <h2>{paymentsHeading}</h2>
      <ul>
        <li>{payments1}</li>
        <li>{payments2}</li>
        <li>{payments3}</li>
        <li>{payments4}</li>
      </ul>

      <h2>{usersHeading}</h2>
      <p>
        {users1}{' '}
        <Link to="/guides/safe-trading">{safeTradingGuide}</Link>{users2}
      </p>

      <h2>{contentHeading}</h2>
      <p>{content}</p>

      <h2>{responsibilityHeading}</h2>
      <p>{responsibility}</p>

      <h2>{privacyHeading}</h2>
      <p>
        {privacy}{' '}
        <Link to="/privacy">{privacyPolicy}</Link>.
      </p>

      <h2>{changesHeading}</h2>
      <p>{changes}</p>

      <h2>{contactHeading}</h2>
      <p>
        {contact1}<a href={`mailto:${supportEmail}`}>{supportEmail}</a>{contact2}{' '}
        <Link to="/contact-form">{contactForm}</Link>.
      </p>
    </Article>
  );
}
