import { useState, type FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { registerUser } from '../../../server/auth/accounts';
import { createSession } from '../../../server/auth/sessions';
import { RegisterInput } from '../../../server/auth/schemas';
import { ErrorAlert } from '~/components/accounts/Alerts';
import { AuthCard, linkClass } from '~/components/accounts/AuthCard';
import { MSG } from '~/components/accounts/messages';
import { PasswordInput } from '~/components/accounts/PasswordInput';
import { attempt } from '../../../server/http/page-errors';
import { afterLoginPath, issueMessages, text } from './forms.server';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/account-rules';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = () => [{ title: 'Sign up | Soko' }];

const KEPT = ['firstName', 'lastName', 'email', 'phoneNumber', 'location'] as const;
type Kept = Record<(typeof KEPT)[number], string>;

/** Where the visitor was heading (Post an ad sends them to log in or sign up) survives sign-up. */
export function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = afterLoginPath(new URL(request.url).searchParams.get('redirectTo'));
  if (context.auth) throw redirect(redirectTo);
  return { redirectTo: redirectTo === '/' ? '' : redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // Entered values come back on an error (never the passwords).
  const values = Object.fromEntries(KEPT.map((k) => [k, text(form, k)])) as Kept;
  const fail = (error: string, status = 400) => data({ error, values }, { status });
  const password = text(form, 'password');
  if (password !== text(form, 'confirmPassword')) return fail(MSG.passwordsDoNotMatch);
  if (form.get('terms') !== 'on') return fail(MSG.mustAgree);
  const parsed = RegisterInput.safeParse({ ...values, password });
  // Spec: the server's errors joined with commas.
  if (!parsed.success) return fail(issueMessages(parsed.error).join(', '));
  const result = await attempt(
    () => registerUser(context, parsed.data, context.clientIp),
    (error) => ({ error, values }),
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
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = actionData ? actionData.error || MSG.registrationFailed : null;
  const error = clientError ?? serverError;
  const v = actionData?.values;

  // Instant feedback for the two checks the browser can do; the server repeats them.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const problem = form.get('password') !== form.get('confirmPassword') ? MSG.passwordsDoNotMatch : form.get('terms') !== 'on' ? MSG.mustAgree : null;
    setClientError(problem);
    if (problem) event.preventDefault();
  };

  return (
    <AuthCard title="Create an account" intro="Sign up to post ads and reach buyers across Kenya.">
      <Form method="post" className="flex flex-col gap-4" onSubmit={check}>
        <ErrorAlert id="register-error" message={error} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="register-first-name" className="label">First name</label>
            <input id="register-first-name" type="text" name="firstName" className="input" autoComplete="given-name" required maxLength={100} defaultValue={v?.firstName} />
          </div>
          <div>
            <label htmlFor="register-last-name" className="label">Last name</label>
            <input id="register-last-name" type="text" name="lastName" className="input" autoComplete="family-name" required maxLength={100} defaultValue={v?.lastName} />
          </div>
        </div>
        <div>
          <label htmlFor="register-email" className="label">Email</label>
          <input id="register-email" name="email" type="email" className="input" autoComplete="email" inputMode="email" required maxLength={254} defaultValue={v?.email} />
        </div>
        <div>
          <label htmlFor="register-phone" className="label">Phone number</label>
          <input
            id="register-phone"
            name="phoneNumber"
            type="tel"
            className="input"
            autoComplete="tel"
            inputMode="tel"
            placeholder="e.g. +254712345678"
            required
            maxLength={20}
            defaultValue={v?.phoneNumber}
            aria-describedby="register-phone-hint"
          />
          <p id="register-phone-hint" className="mt-1 text-xs text-gray-600 dark:text-gray-400">International format with country code; 07… and 01… numbers work too.</p>
        </div>
        <div>
          <label htmlFor="register-location" className="label">Location</label>
          <input id="register-location" type="text" name="location" className="input" autoComplete="address-level2" placeholder="e.g. Nairobi" required maxLength={100} defaultValue={v?.location} />
        </div>
        <PasswordInput id="register-password" name="password" label="Password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
        <PasswordInput id="register-confirm-password" name="confirmPassword" label="Confirm password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="terms" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700" />
          <span>
            I agree to the <Link to="/terms" className={linkClass}>Terms of Service</Link> and <Link to="/privacy" className={linkClass}>Privacy Policy</Link>.
          </span>
        </label>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Signing up...' : 'Sign up'}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm">
        Already have an account?{' '}
        <Link to={loaderData.redirectTo ? `/auth/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/auth/login'} className={linkClass}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
