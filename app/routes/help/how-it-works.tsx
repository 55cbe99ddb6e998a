import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/how-it-works';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 
    'How Soko works',
    'Soko connects buyers and sellers across Kenya: post a free ad with up to 10 photos, buyers call or WhatsApp you, and you can feature an ad for 200 Ksh a week.',
  );

const STEPS_SELL = [
  ['Create a free account', 'Sign up with your name, e-mail, phone number and location.'],
  ['Post your ad', 'Add a clear title, price, location, description and up to 10 photos. It goes live at once.'],
  ['Talk to buyers', 'Buyers call or WhatsApp you from your ad. Agree on a price and a safe place to meet.'],
  ['Sell and tidy up', 'Get paid when you hand over the item, then delete the ad from Manage my Ads.'],
] as const;

const STEPS_BUY = [
  ['Search or browse', 'Search by keyword and town, or browse a category such as Cars & Vehicles, Property or Electronics.'],
  ['Contact the seller', 'Show the phone number or open WhatsApp with a ready-made greeting.'],
  ['See it, check it, then pay', 'Meet in a public place, inspect the item, and only then pay, by M-Pesa or cash.'],
] as const;

function Steps({ steps, label }: { steps: ReadonlyArray<readonly [string, string]>; label: string }) {
  return (
    <ol aria-label={label} className="!mt-4 !list-none !pl-0 grid gap-3 sm:grid-cols-2">
      {steps.map(([title, text], i) => (
        <li key={title} className="card !mt-0 flex gap-3 p-4">
          <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {i + 1}
          </span>
          <span>
            <strong className="block">{title}</strong>
            <span className="text-sm text-gray-700 dark:text-gray-300">{text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorks() {
  return (
    <Article title="How Soko works" lead="Soko is a free classifieds marketplace for Kenya. Sellers post ads, buyers contact them directly, and you meet to do the deal.">
      <h2>Selling on Soko</h2>
      <Steps steps={STEPS_SELL} label="Steps to sell" />
      <p>
        <Link to="/auth/register">Create your free account</Link> or read the full guide to{' '}
        <Link to="/guides/posting-ads">posting ads</Link>.
      </p>

      <h2>Buying on Soko</h2>
      <Steps steps={STEPS_BUY} label="Steps to buy" />
      <p>
        Soko does not take payment for items or deliver them: you deal with the seller directly. Read{' '}
        <Link to="/guides/safe-trading">Safe trading</Link> before you pay anyone.
      </p>

      <h2>Featured ads: 200 Ksh for one week</h2>
      <p>
        Posting is free. If you want more buyers to see an ad, you can feature it for 200 Ksh. For one week it carries a
        Featured badge, is shown before ordinary ads in the listings and can appear in Featured Listings on the home page.
        You pay with M-Pesa or a card on Flutterwave&rsquo;s secure checkout, from Manage my Ads.
      </p>

      <h2>Built for your phone and your bundles</h2>
      <p>
        Pages are small and load fast on 3G. Photos are resized for mobile screens, and your phone number is only shown to
        buyers who ask for it on your ad.
      </p>

      <h2>Questions?</h2>
      <p>
        See the <Link to="/faq">frequently asked questions</Link> or <Link to="/help-contact">contact us</Link>.
      </p>
    </Article>
  );
}
