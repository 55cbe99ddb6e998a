import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { beforePay, buy1, buy1Text, buy2, buy2Text, buy3, buy3Text, buyingHeading, buyingText, contactUs, createYourAccount, description, faq, featuredHeading, featuredText, lead, or, orReadGuide, phoneHeading, phoneText, postingAds, questionsHeading, safeTrading, seeThe, sell1, sell1Text, sell2, sell2Text, sell3, sell3Text, sell4, sell4Text, sellingHeading, stepsToBuy, stepsToSell, title } from '#messages/help-how.ts';
import type { Route } from './+types/how-it-works';

export const meta: Route.MetaFunction = (args) => pageMeta(args, title, description);

const STEPS_SELL = [
  [sell1, sell1Text],
  [sell2, sell2Text],
  [sell3, sell3Text],
  [sell4, sell4Text],
] as const;

const STEPS_BUY = [
  [buy1, buy1Text],
  [buy2, buy2Text],
  [buy3, buy3Text],
] as const;

function Steps({ steps, label }: { steps: ReadonlyArray<readonly [string, string]>; label: string }) {
  return (
    <ol aria-label={label} className="!mt-4 !list-none !pl-0 grid gap-3 sm:grid-cols-2">
      {steps.map(([stepTitle, text], i) => (
        <li key={stepTitle} className="card !mt-0 flex gap-3 p-4">
          <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {i + 1}
          </span>
          <span>
            <strong className="block">{stepTitle}</strong>
            <span className="text-sm text-gray-700 dark:text-gray-300">{text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorks() {
  return (
    <Article title={title} lead={lead}>
      <h2>{sellingHeading}</h2>
      <Steps steps={STEPS_SELL} label={stepsToSell} />
      <p>
        <Link to="/auth/register">{createYourAccount}</Link>{orReadGuide}{' '}
        <Link to="/guides/posting-ads">{postingAds}</Link>.
      </p>

      <h2>{buyingHeading}</h2>
      <Steps steps={STEPS_BUY} label={stepsToBuy} />
      <p>
        {buyingText}{' '}
        <Link to="/guides/safe-trading">{safeTrading}</Link>{beforePay}
      </p>

      <h2>{featuredHeading}</h2>
      <p>{featuredText}</p>

      <h2>{phoneHeading}</h2>
      <p>{phoneText}</p>

      <h2>{questionsHeading}</h2>
      <p>
        {seeThe}<Link to="/faq">{faq}</Link>{or}<Link to="/help-contact">{contactUs}</Link>.
      </p>
    </Article>
  );
}
