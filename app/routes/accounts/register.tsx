import { useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { registerUser } from '../../../server/auth/accounts';
import { createSession } from '../../../server/auth/sessions';
import { RegisterInput } from '../../../server/auth/schemas';
import { ErrorAlert } from '~/components/accounts/Alerts';
import { AuthCard, linkClass } from '~/components/accounts/AuthCard';
import { MSG } from '~/components/accounts/messages';
import { PasswordInput } from '~/components/accounts/PasswordInput';
import { LocationPicker } from '~/components/LocationPicker';
import { attempt } from '../../../server/http/page-errors';
import { afterLoginPath, issueMessages, text } from './forms.server';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#kernel/account-rules.ts';
import {
  agreeAfter,
  agreeAnd,
  agreeBefore,
  confirmPassword as confirmPasswordLabel,
  email as emailLabel,
  firstName as firstNameLabel,
  haveAccount,
  lastName as lastNameLabel,
  location as locationLabel,
  password as passwordLabel,
  phoneHint,
  phoneNumber as phoneLabel,
  phonePlaceholder,
  privacyPolicy,
  registerHeading,
  registerIntro,
  registerTitle,
  signIn,
  signingUp,
  signUp,
  termsOfService,
} from '#messages/accounts.ts';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = () => [{ title: registerTitle }];

const KEPT = ['firstName', 'lastName', 'email', 'phoneNumber', 'location'] as const;
type Kept = Record<(typeof KEPT)[number], string>;
/** The fields a message can be about, each marked beside the field. */
type Field = (typeof KEPT)[number] | 'password' | 'confirmPassword' | 'terms';
type FieldErrors = Partial<Record<Field, string>>;

/** Where the visitor was heading (Post an ad sends them to log in or sign up) survives sign-up. */
export function loader({ context, url }: Route.LoaderArgs) {
  const redirectTo = afterLoginPath(url.searchParams.get('redirectTo'));
  if (context.auth) throw redirect(redirectTo);
  return { redirectTo: redirectTo === '/' ? '' : redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // Entered values come back on an error (never the passwords).
  const values = Object.fromEntries(KEPT.map((k) => [k, text(form, k)])) as Kept;
  const fail = (error: string, fieldErrors: FieldErrors) => data({ error, values, fieldErrors }, { status: 400 });
  const password = text(form, 'password');
  if (password !== text(form, 'confirmPassword')) return fail(MSG.passwordsDoNotMatch, { confirmPassword: MSG.passwordsDoNotMatch });
  if (form.get('terms') !== 'on') return fail(MSG.mustAgree, { terms: MSG.mustAgree });
  const parsed = RegisterInput.safeParse({ ...values, password });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as Field] ??= issue.message;
    // Spec: the server's errors joined with commas.
    return fail(issueMessages(parsed.error).join(', '), fieldErrors);
  }
  const result = await attempt(
    () => registerUser(context, parsed.data, context.clientIp),
    // The e-mail is taken (409), in whichever language the page speaks.
    (error, status) => ({ error, values, fieldErrors: (status === 409 ? { email: error } : {}) as FieldErrors }),
  );
  if (!result.ok) return result.response;
  // Signed in at once: a new seller goes on with what they came to do, after a welcome.
  const session = await createSession(context.db, result.value.id, { persistent: false });
  context.setSessionCookie(session.token, session);
  const next = afterLoginPath(form.get('redirectTo'));
  return redirect(next === '/' ? '/welcome' : `/welcome?next=${encodeURIComponent(next)}`);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/auth/register') === true;
  // The browser's own checks (with JavaScript), else what the server answered.
  const [clientProblem, setClientProblem] = useState<{ error: string; fieldErrors: FieldErrors } | null>(null);
  const problem = clientProblem ?? (actionData ? { error: actionData.error || MSG.registrationFailed, fieldErrors: actionData.fieldErrors ?? {} } : null);
  // A field's mark goes once the user changes that field; the message at the top stays until the next try.
  const [edited, setEdited] = useState<string[]>([]);
  const fieldError = (name: Field) => (edited.includes(name) ? undefined : problem?.fieldErrors[name]);
  const v = actionData?.values;

  // Every new problem is brought into view and focused, so it is seen (and read out) on a small screen.
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    alertRef.current?.scrollIntoView({ block: 'center' });
    alertRef.current?.focus({ preventScroll: true });
  }, [actionData, clientProblem]);

  // Instant feedback for the two checks the browser can do; the server repeats them.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const found: { error: string; fieldErrors: FieldErrors } | null =
      form.get('password') !== form.get('confirmPassword')
        ? { error: MSG.passwordsDoNotMatch, fieldErrors: { confirmPassword: MSG.passwordsDoNotMatch } }
        : form.get('terms') !== 'on'
          ? { error: MSG.mustAgree, fieldErrors: { terms: MSG.mustAgree } }
          : null;
    setClientProblem(found);
    setEdited([]);
    if (found) event.preventDefault();
  };
  // On every keystroke (the input event, which bubbles from each field to the form), so that a
  // field's old message clears as soon as it is edited.
  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && !edited.includes(name)) setEdited([...edited, name]);
  };
  /** aria-invalid and the message's id on a failing field (plus its own hint, if any). */
  const marks = (name: Field, hint?: string) => {
    const error = fieldError(name);
    const describedBy = [error ? `register-${name}-error` : null, hint].filter(Boolean).join(' ');
    return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
  };
  const message = (name: Field) => {
    const error = fieldError(name);
    return error ? <p id={`register-${name}-error`} className="field-error">{error}</p> : null;
  };

  return (
    <AuthCard title={registerHeading} intro={registerIntro}>
      <Form method="post" className="flex flex-col gap-4" onSubmit={check} onInput={onEdit}>
        <ErrorAlert id="register-error" message={problem?.error} focus ref={alertRef} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="register-first-name" className="label">{firstNameLabel}</label>
            <input id="register-first-name" type="text" name="firstName" className="input" autoComplete="given-name" required maxLength={100} defaultValue={v?.firstName} {...marks('firstName')} />
            {message('firstName')}
          </div>
          <div>
            <label htmlFor="register-last-name" className="label">{lastNameLabel}</label>
            <input id="register-last-name" type="text" name="lastName" className="input" autoComplete="family-name" required maxLength={100} defaultValue={v?.lastName} {...marks('lastName')} />
            {message('lastName')}
          </div>
        </div>
        <div>
          <label htmlFor="register-email" className="label">{emailLabel}</label>
          <input id="register-email" name="email" type="email" className="input" autoComplete="email" inputMode="email" required maxLength={254} defaultValue={v?.email} {...marks('email')} />
          {message('email')}
        </div>
        <div>
          <label htmlFor="register-phone" className="label">{phoneLabel}</label>
          <input
            id="register-phone"
            name="phoneNumber"
            type="tel"
            className="input"
            autoComplete="tel"
            inputMode="tel"
            placeholder={phonePlaceholder}
            required
            maxLength={20}
            defaultValue={v?.phoneNumber}
            {...marks('phoneNumber', 'register-phone-hint')}
          />
          {message('phoneNumber')}
          <p id="register-phone-hint" className="mt-1 text-xs text-gray-600 dark:text-gray-400">{phoneHint}</p>
        </div>
        <div>
          <label htmlFor="register-location" className="label">{locationLabel}</label>
          <LocationPicker id="register-location" defaultValue={v?.location ?? ''} maxLength={100} invalid={!!fieldError('location')} describedBy={marks('location')['aria-describedby']} />
          {message('location')}
        </div>
        <PasswordInput id="register-password" name="password" label={passwordLabel} error={fieldError('password')} autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
        <PasswordInput id="register-confirm-password" name="confirmPassword" label={confirmPasswordLabel} error={fieldError('confirmPassword')} autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="terms" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700" {...marks('terms')} />
            <span>
              {agreeBefore}<Link to="/terms" className={linkClass}>{termsOfService}</Link>{agreeAnd}<Link to="/privacy" className={linkClass}>{privacyPolicy}</Link>{agreeAfter}
            </span>
          </label>
          {message('terms')}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? signingUp : signUp}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm">
        {haveAccount}{' '}
        <Link to={loaderData.redirectTo ? `/auth/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/auth/login'} className={linkClass}>
          {signIn}
        </Link>
      </p>
    </AuthCard>
  );
}
