import { Link } from 'react-router';
import { Article } from '~/components/help/Article';
import { pageMeta } from '~/components/help/meta';
import { contactForm, contactFormText, contactUs, description, email, emailReply, howSokoWorks, lead, newToSoko, openContactForm, phone, phoneCallBack, phoneHours, staffNeverAsk, title, topicAccount, topicAccountText, topicFaq, topicFaqText, topicPosting, topicPostingText, topicSafe, topicSafeText, topics } from '#messages/help.ts';
import type { Route } from './+types/help-contact';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, title, description);

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.mail.supportEmail };
}

const TOPICS = [
  { to: '/faq', title: topicFaq, text: topicFaqText },
  { to: '/guides/posting-ads', title: topicPosting, text: topicPostingText },
  { to: '/guides/safe-trading', title: topicSafe, text: topicSafeText },
  { to: '/guides/account-settings', title: topicAccount, text: topicAccountText },
];

export default function HelpContact({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <Article title={title} lead={lead} backToHelp={false}>
      <h2 id="help-topics">{topics}</h2>
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
        {newToSoko}<Link to="/how-it-works">{howSokoWorks}</Link>.
      </p>

      <h2 id="contact-us">{contactUs}</h2>
      <div className="!mt-4 grid gap-3 sm:grid-cols-3">
        <section aria-labelledby="contact-email" className="card p-4">
          <h3 id="contact-email" className="!mt-0">{email}</h3>
          <p className="!mt-1 break-words">
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
          <p className="!mt-1 text-sm text-gray-700 dark:text-gray-300">{emailReply}</p>
        </section>
        <section aria-labelledby="contact-phone" className="card p-4">
          <h3 id="contact-phone" className="!mt-0">{phone}</h3>
          <p className="!mt-1">{phoneHours}</p>
          <p className="!mt-1 text-sm text-gray-700 dark:text-gray-300">
            {phoneCallBack}
          </p>
        </section>
        <section aria-labelledby="contact-form-heading" className="card p-4">
          <h3 id="contact-form-heading" className="!mt-0">{contactForm}</h3>
          <p className="!mt-1 text-sm text-gray-700 dark:text-gray-300">{contactFormText}</p>
          <Link to="/contact-form" className="btn-primary !mt-3 !text-white !no-underline">
            {openContactForm}
          </Link>
        </section>
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {staffNeverAsk}
      </p>
    </Article>
  );
}
