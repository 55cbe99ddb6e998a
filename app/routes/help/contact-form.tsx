import { Form, Link, redirect, useNavigation } from 'react-router';
import { CONTACT_CONFIRMATION, sendContactMessage } from '../../../server/contact/contact';
import { failureData } from '../../../server/http/page-errors';
import { pageMeta } from '~/components/help/meta';
import { helpContact } from '#messages/common.ts';
import { breadcrumb } from '#messages/help.ts';
import { backToHelp, description, emailAddress, faq, goHome, intro, mayHaveAnswer, message, messageHint, replyGoesTo, sendMessage, sendingLabel, sentHeading, serverText, subject, title, yourName } from '#messages/help-contact-form.ts';
import type { Route } from './+types/contact-form';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, title, description);

export function loader({ context, url }: Route.LoaderArgs) {
  const user = context.auth?.user;
  const sent = url.searchParams.get('sent') === '1';
  return {
    // Loader data, not an import in the component: keeps server modules out of the browser bundle.
    confirmation: sent ? serverText({ text: CONTACT_CONFIRMATION }) : null,
    supportEmail: context.config.mail.supportEmail,
    // Signed-in visitors start with their own name and address.
    defaults: { name: user ? `${user.firstName} ${user.lastName}`.trim() : '', email: user?.email ?? '', subject: '', message: '' } satisfies Values,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Values;
  try {
    await sendContactMessage(context, values, { ip: context.clientIp, userId: context.auth?.user.id });
  } catch (error) {
    return failureData(error, (failure) => {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const e of failure.errors ?? []) {
        const field = e.path as Field;
        if (FIELDS.includes(field) && !fieldErrors[field]) fieldErrors[field] = serverText({ text: e.msg });
      }
      return { message: serverText({ text: failure.message }), fieldErrors, values };
    });
  }
  // Post/Redirect/Get: reloading the confirmation does not send the message twice.
  return redirect('/contact-form?sent=1');
}

export default function ContactForm({ loaderData, actionData }: Route.ComponentProps) {
  const { confirmation, supportEmail, defaults } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';

  if (confirmation) {
    return (
      <section className="mx-auto max-w-xl">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{sentHeading}</h1>
        <p role="status" className="mt-3 rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {confirmation}
        </p>
        <p className="mt-3 text-gray-700 dark:text-gray-300">
          {replyGoesTo}<Link className="text-brand-700 underline dark:text-brand-100" to="/faq">{faq}</Link>{mayHaveAnswer}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/" className="btn-primary">{goHome}</Link>
          <Link to="/help-contact" className="btn-secondary">{backToHelp}</Link>
        </div>
      </section>
    );
  }

  const values = actionData?.values ?? defaults;
  const errors: Partial<Record<Field, string>> = actionData?.fieldErrors ?? {};
  const field = (name: Field) => ({
    id: `contact-${name}`,
    name,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <section className="mx-auto max-w-xl">
      <nav aria-label={breadcrumb} className="mb-3 text-sm">
        <Link to="/help-contact" className="text-brand-700 underline underline-offset-2 dark:text-brand-100">{helpContact}</Link>
      </nav>
      <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        {intro}{' '}
        <a className="text-brand-700 underline dark:text-brand-100" href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>

      {actionData?.message && (
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {actionData.message}
        </p>
      )}

      {/* noValidate: our own messages (from the server) are clearer than the browser's, and the same with or without JS. */}
      <Form method="post" noValidate className="card mt-4 flex flex-col gap-4 p-4 sm:p-6">
        <div>
          <label htmlFor="contact-name" className="label">{yourName}</label>
          <input {...field('name')} type="text" className="input" autoComplete="name" required maxLength={100} />
          {error('name')}
        </div>
        <div>
          <label htmlFor="contact-email" className="label">{emailAddress}</label>
          <input {...field('email')} type="email" className="input" autoComplete="email" inputMode="email" required maxLength={254} />
          {error('email')}
        </div>
        <div>
          <label htmlFor="contact-subject" className="label">{subject}</label>
          <input {...field('subject')} type="text" className="input" required maxLength={150} />
          {error('subject')}
        </div>
        <div>
          <label htmlFor="contact-message" className="label">{message}</label>
          <textarea {...field('message')} className="input min-h-40" rows={7} required maxLength={5000} />
          {error('message')}
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {messageHint}
          </p>
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? sendingLabel : sendMessage}
          </button>
        </div>
      </Form>
    </section>
  );
}
