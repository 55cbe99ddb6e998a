import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { access, accessText, accountSettings, changes, changesHeading, children, childrenHeading, collectHeading, complaints1, complaints2, complaints3, complaintsHeading, controller, cookies, correction, correctionText, dangerZone, delete1, delete2, delete3, delete4, deleteMyAccount, deleteTitle, deletion, deletionText, description, informed, informedText, keep1, keep2, keep3, keep4, keepHeading, lead, myDetails, neverSell, object, objectText, odpc, payments, paymentsText, portability, portabilityText, rightsHeading, rightsIntro, security, securityHeading, support, supportText, technical, technicalText, termsOfService, title, useRight, useRightAfter, who1, who2, who3, whoHeading, why1, why2, why3, why4, why5, whyHeading, yourAccount, yourAccountText, yourAds, yourAdsText } from '#messages/help-privacy.ts';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = (args) => pageMeta(args, title, description);

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.mail.supportEmail };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <Article title={title} lead={lead}>
      <p>
        {controller}{mail}.
      </p>

      <h2>{collectHeading}</h2>
      <ul>
        <li>
          <strong>{yourAccount}</strong>{yourAccountText}
        </li>
        <li>
          <strong>{yourAds}</strong>{yourAdsText}
        </li>
        <li>
          <strong>{payments}</strong>{paymentsText}
        </li>
        <li>
          <strong>{support}</strong>{supportText}
        </li>
        <li>
          <strong>{technical}</strong>{technicalText}
        </li>
      </ul>
      <p>{cookies}</p>

      <h2>{whyHeading}</h2>
      <ul>
        <li>{why1}</li>
        <li>{why2}</li>
        <li>{why3}</li>
        <li>{why4}</li>
        <li>{why5}</li>
      </ul>

      <h2>{whoHeading}</h2>
      <ul>
        <li>{who1}</li>
        <li>{who2}</li>
        <li>{who3}</li>
      </ul>
      <p>{neverSell}</p>

      <h2>{keepHeading}</h2>
      <ul>
        <li>{keep1}</li>
        <li>{keep2}</li>
        <li>{keep3}</li>
        <li>{keep4}</li>
      </ul>

      <h2 id="your-rights">{rightsHeading}</h2>
      <p>{rightsIntro}</p>
      <ul>
        <li>
          <strong>{informed}</strong>{informedText}
        </li>
        <li>
          <strong>{access}</strong>{accessText}
        </li>
        <li>
          <strong>{correction}</strong>{correctionText}
        </li>
        <li>
          <strong>{deletion}</strong>{deletionText}
        </li>
        <li>
          <strong>{object}</strong>{objectText}
        </li>
        <li>
          <strong>{portability}</strong>{portabilityText}
        </li>
      </ul>
      <p>
        {useRight}{mail}{useRightAfter}
      </p>

      <Callout title={deleteTitle}>
        <p>
          {delete1}<strong>{myDetails}</strong>{delete2}<strong>{dangerZone}</strong>{delete3}{' '}
          <strong>{deleteMyAccount}</strong>{delete4}<Link to="/guides/account-settings">{accountSettings}</Link>.
        </p>
      </Callout>

      <h2>{complaintsHeading}</h2>
      <p>
        {complaints1}{mail}{complaints2}<strong>{odpc}</strong>{complaints3}<a href="https://www.odpc.go.ke" rel="noopener noreferrer">www.odpc.go.ke</a>.
      </p>

      <h2>{securityHeading}</h2>
      <p>{security}</p>

      <h2>{childrenHeading}</h2>
      <p>{children}</p>

      <h2>{changesHeading}</h2>
      <p>
        {changes}<Link to="/terms">{termsOfService}</Link>.
      </p>
    </Article>
  );
}
