import { Link } from 'react-router';
import { Article, Callout } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { goodToKnow } from '#messages/help.ts';
import { beforeMeet, beforeMeetAfter, card, categoryLabel, cover, createFreeAccount, createListing, describe1, describe2, describe3, describe4, describe5, describeHeading, description, descriptionLabel, feature1a, feature1b, feature1c, feature2, feature3a, feature3b, feature4, feature4b, featureA, featureAd, featureB, featureHeading, featureNote, featured, lead, locationLabel, manageMyAds, metaTitle, notAllowed, notAllowedAfter, notAllowedHeading, payNow, paymentSuccessful, photos1, photos2, photos3, photos4, photosHeading, photosLabel, postAd, priceLabel, safeTrading, step1a, step1b, step1c, step2, step3, step4, step5, step6, step7a, step7b, step8a, step8b, stepsHeading, termsOfService, title, titleLabel, upToDate1, upToDate2, upToDate3, upToDateHeading } from '#messages/help-posting.ts';
import type { Route } from './+types/guides.posting-ads';

export const meta: Route.MetaFunction = (args) => pageMeta(args, metaTitle, description);

export default function PostingAdsGuide() {
  return (
    <Article title={title} lead={lead}>
      <h2>{stepsHeading}</h2>
      <ol>
        <li>
          {step1a}<strong>{postAd}</strong>{step1b}<Link to="/auth/register">{createFreeAccount}</Link>{step1c}
        </li>
        <li>
          <strong>{titleLabel}</strong>{step2}
        </li>
        <li>
          <strong>{categoryLabel}</strong>{step3}
        </li>
        <li>
          <strong>{priceLabel}</strong>{step4}
        </li>
        <li>
          <strong>{locationLabel}</strong>{step5}
        </li>
        <li>
          <strong>{descriptionLabel}</strong>{step6}
        </li>
        <li>
          <strong>{photosLabel}</strong>{step7a}<strong>{cover}</strong>{step7b}
        </li>
        <li>
          {step8a}<strong>{createListing}</strong>{step8b}<strong>{manageMyAds}</strong>.
        </li>
      </ol>

      <h2>{photosHeading}</h2>
      <ul>
        <li>{photos1}</li>
        <li>{photos2}</li>
        <li>{photos3}</li>
        <li>{photos4}</li>
      </ul>

      <h2>{describeHeading}</h2>
      <ul>
        <li>{describe1}</li>
        <li>{describe2}</li>
        <li>{describe3}</li>
        <li>{describe4}</li>
        <li>{describe5}</li>
      </ul>

      <h2 id="featuring">{featureHeading}</h2>
      <p>
        {featureA}<strong>{featured}</strong>{featureB}
      </p>
      <ol>
        <li>{feature1a}<strong>{manageMyAds}</strong>{feature1b}<strong>{featureAd}</strong>{feature1c}</li>
        <li>{feature2}<strong>{payNow}</strong>.</li>
        <li>
          {feature3a}<strong>M-Pesa</strong>{feature3b}<strong>{card}</strong>.
        </li>
        <li>{feature4}<strong>{paymentSuccessful}</strong>{feature4b}</li>
      </ol>
      <Callout title={goodToKnow}>
        <p>{featureNote}</p>
      </Callout>

      <h2>{upToDateHeading}</h2>
      <ul>
        <li>{upToDate1}</li>
        <li>{upToDate2}</li>
        <li>{upToDate3}</li>
      </ul>

      <h2>{notAllowedHeading}</h2>
      <p>
        {notAllowed}{' '}
        <Link to="/terms">{termsOfService}</Link>{notAllowedAfter}
      </p>
      <p>
        {beforeMeet}<Link to="/guides/safe-trading">{safeTrading}</Link>{beforeMeetAfter}
      </p>
    </Article>
  );
}
