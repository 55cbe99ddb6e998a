import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import type { Route } from './+types/help-contact';

export const PHONE_HOURS = 'Monday-Friday 9 AM-5 PM EAT';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Help & Contact', 'Answers, step-by-step guides and how to reach Soko support by e-mail, phone or the contact form.');

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.mail.supportEmail };
}

const TOPICS = [
  { to: '/faq', title: 'Frequently asked questions', text: 'Quick answers about ads, prices, featuring, payments and your account.' },
  { to: '/guides/posting-ads', title: 'Posting ads', text: 'Write an ad that sells: photos, price, description, and featuring for 200 Ksh.' },
  { to: '/guides/safe-trading', title: 'Safe trading', text: 'Meet safely, check before you pay, and spot fake M-Pesa messages and other scams.' },
  { to: '/guides/account-settings', title: 'Account settings', text: 'Change your details or password, or delete your account.' },
];

export default function HelpContact({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <Article title="Help & Contact" lead="Find an answer quickly, or talk to the Soko team." backToHelp={false}>
      <h2 id="help-topics">Help topics</h2>
      <ul aria-labelledby="help-topics" className="!mt-4 !list-none !pl-0 grid gap-3 sm:grid-cols-2">
        {TOPICS.map((t) => (
          <li key={t.to} className="!mt-0">
            <Link to={t.to} className="card block h-full p-4 !no-underline hover:border-brand-600">
              <span className="block font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">{t.title}</span>
              <span className="mt-1 block text-sm font-normal text-gray-700 dark:text-gray-300">{t.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        New to Soko? Read <Link to="/how-it-works">how Soko works</Link>.
      </p>

      <h2 id="contact-us">Contact us</h2>
      <div className="!mt-4 grid gap-3 sm:grid-cols-3">
        <section aria-labelledby="contact-email" className="card p-4">
          <h3 id="contact-email" className="!mt-0">E-mail</h3>
          <p className="!mt-1 break-words">
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
          <p className="!mt-1 text-sm text-gray-700 dark:text-gray-300">We reply within one working day.</p>
        </section>
        <section aria-labelledby="contact-phone" className="card p-4">
          <h3 id="contact-phone" className="!mt-0">Phone</h3>
          <p className="!mt-1">{PHONE_HOURS}</p>
          <p className="!mt-1 text-sm text-gray-700 dark:text-gray-300">
            Want a call back? Put your phone number in the contact form and we will ring you during these hours.
          </p>
        </section>
        <section aria-labelledby="contact-form-heading" className="card p-4">
          <h3 id="contact-form-heading" className="!mt-0">Contact form</h3>
          <p className="!mt-1 text-sm text-gray-700 dark:text-gray-300">Tell us what happened and include the link to the ad if it is about one.</p>
          <Link to="/contact-form" className="btn-primary !mt-3 !text-white !no-underline">
            Open the contact form
          </Link>
        </section>
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Soko staff will never ask for your password, your M-Pesa PIN or a payment to &ldquo;unlock&rdquo; your account.
      </p>
    </Article>
  );
}
