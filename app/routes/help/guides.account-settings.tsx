import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { addContactNumber, cancel, dangerZone, delete1a, delete1b, delete2a, delete2b, deleteHeading, deleteMyAccount, deleteText, description, details1, details2a, details2b, details3a, details3b, details3c, detailsHeading, editContactDetails, forgotPassword, lead, metaTitle, myDetails, password1a, password1b, password2, password3, password4, passwordHeading, passwordIntro, phoneFormat, privacyPolicy, saveChanges, sendUsAMessage, strongText, strongTitle, stuck1, stuck2, stuckHeading, title } from '#messages/help-account.ts';
import type { Route } from './+types/guides.account-settings';

export const meta: Route.MetaFunction = (args) => pageMeta(args, metaTitle, description);

export default function AccountSettingsGuide() {
  return (
    <Article title={title} lead={lead}>
      <h2>{detailsHeading}</h2>
      <ol>
        <li>
          {details1}<strong>{myDetails}</strong>.
        </li>
        <li>
          {details2a}<strong>{editContactDetails}</strong>{details2b}<strong>{addContactNumber}</strong>.
        </li>
        <li>
          {details3a}<strong>{saveChanges}</strong>{details3b}<strong>{cancel}</strong>{details3c}
        </li>
      </ol>
      <p>{phoneFormat}</p>

      <h2>{passwordHeading}</h2>
      <p>{passwordIntro}</p>
      <ol>
        <li>
          {password1a}<strong>{forgotPassword}</strong>{password1b}{' '}
          <Link to="/forgot-password">{forgotPassword}</Link>).
        </li>
        <li>{password2}</li>
        <li>{password3}</li>
        <li>{password4}</li>
      </ol>
      <Callout title={strongTitle}>
        <p>{strongText}</p>
      </Callout>

      <h2>{deleteHeading}</h2>
      <ol>
        <li>
          {delete1a}<strong>{myDetails}</strong>{delete1b}<strong>{dangerZone}</strong>.
        </li>
        <li>
          {delete2a}<strong>{deleteMyAccount}</strong>{delete2b}
        </li>
      </ol>
      <p>
        {deleteText}<Link to="/privacy">{privacyPolicy}</Link>.
      </p>

      <h2>{stuckHeading}</h2>
      <p>
        {stuck1}<Link to="/contact-form">{sendUsAMessage}</Link>{stuck2}
      </p>
    </Article>
  );
}
