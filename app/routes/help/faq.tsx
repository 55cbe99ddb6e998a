import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { onThisPage } from '#messages/help.ts';
import { account, accountSettings, againA1, againA2, againQ, buying, changeA1, changeA2, changeQ, contactA1, contactA2, contactQ, costA, costQ, dangerZone, deleteA1, deleteA2, deleteA3, deleteA4, deleteMyAccount, deleteQ, depositA1, depositA2, depositQ, description, detailsA1, detailsA2, detailsQ, featureAd, featured, featuredA1, featuredA2, featuredPrice, featuredQ, featuring, forgotA1, forgotA2, forgotPassword, forgotQ, hiddenA, hiddenQ, lead, locationA, locationBox, locationQ, manageMyAds, mpesaA1, mpesaA2, myDetails, nearA1, nearA2, nearQ, negotiableA, negotiableQ, paidA1, paidA2, paidQ, payA1, payA2, payA3, payA4, payNow, payQ, payWithMpesa, paymentA, paymentQ, photosA, photosQ, postA1, postA2, postAd, postQ, postingAds, reportA, reportQ, safeTrading, safety, selling, sendUsAMessage, sendUsAMessageCap, showPhone, title } from '#messages/help-faq.ts';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = (args) => pageMeta(args, title, description);

export default function Faq() {
  return (
    <Article title={title} lead={lead}>
      <nav aria-label={onThisPage} className="!mt-4 text-sm">
        <ul className="!mt-0 flex flex-wrap gap-x-4 gap-y-1 !list-none !pl-0">
          <li className="!mt-0"><a href="#buying">{buying}</a></li>
          <li className="!mt-0"><a href="#selling">{selling}</a></li>
          <li className="!mt-0"><a href="#featuring">{featuring}</a></li>
          <li className="!mt-0"><a href="#account">{account}</a></li>
          <li className="!mt-0"><a href="#safety">{safety}</a></li>
        </ul>
      </nav>

      <h2 id="buying">{buying}</h2>
      <h3>{costQ}</h3>
      <p>{costA}</p>
      <h3>{contactQ}</h3>
      <p>
        {contactA1}<strong>{showPhone}</strong>{contactA2}
      </p>
      <h3>{paymentQ}</h3>
      <p>
        {paymentA}<Link to="/guides/safe-trading">{safeTrading}</Link>.
      </p>
      <h3>{negotiableQ}</h3>
      <p>{negotiableA}</p>
      <h3>{nearQ}</h3>
      <p>
        {nearA1}<strong>{locationBox}</strong>{nearA2}
      </p>

      <h2 id="selling">{selling}</h2>
      <h3>{postQ}</h3>
      <p>
        {postA1}<strong>{postAd}</strong>{postA2}{' '}
        <Link to="/guides/posting-ads">{postingAds}</Link>.
      </p>
      <h3>{photosQ}</h3>
      <p>{photosA}</p>
      <h3>{changeQ}</h3>
      <p>
        {changeA1}<strong>{manageMyAds}</strong>{changeA2}
      </p>
      <h3>{locationQ}</h3>
      <p>{locationA}</p>

      <h2 id="featuring">{featuring}</h2>
      <h3>{featuredQ}</h3>
      <p>
        {featuredA1}<strong>{featured}</strong>{featuredA2}<strong>{featuredPrice}</strong>.
      </p>
      <h3>{payQ}</h3>
      <p>
        {payA1}<strong>{manageMyAds}</strong>{payA2}<strong>{featureAd}</strong>{payA3}<strong>{payNow}</strong>{payA4}
      </p>
      <p>
        {mpesaA1}<strong>{payWithMpesa}</strong>{mpesaA2}
      </p>
      <h3>{paidQ}</h3>
      <p>
        {paidA1}<Link to="/contact-form">{sendUsAMessage}</Link>{paidA2}
      </p>
      <h3>{againQ}</h3>
      <p>
        {againA1}<strong>{featureAd}</strong>{againA2}
      </p>

      <h2 id="account">{account}</h2>
      <h3>{forgotQ}</h3>
      <p>
        {forgotA1}<Link to="/forgot-password">{forgotPassword}</Link>{forgotA2}
      </p>
      <h3>{detailsQ}</h3>
      <p>
        {detailsA1}<strong>{myDetails}</strong>{detailsA2}<Link to="/guides/account-settings">{accountSettings}</Link>.
      </p>
      <h3>{hiddenQ}</h3>
      <p>{hiddenA}</p>
      <h3>{deleteQ}</h3>
      <p>
        {deleteA1}<strong>{myDetails}</strong>{deleteA2}<strong>{dangerZone}</strong>{deleteA3}<strong>{deleteMyAccount}</strong>{deleteA4}
      </p>

      <h2 id="safety">{safety}</h2>
      <h3>{depositQ}</h3>
      <p>
        {depositA1}<Link to="/guides/safe-trading">{safeTrading}</Link>{depositA2}
      </p>
      <h3>{reportQ}</h3>
      <p>
        <Link to="/contact-form">{sendUsAMessageCap}</Link>{reportA}
      </p>
    </Article>
  );
}
