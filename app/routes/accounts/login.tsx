import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { INVALID_CREDENTIALS, logIn } from '../../../server/auth/accounts';
import { LoginInput } from '../../../server/auth/schemas';
import { ErrorAlert, Flash } from '~/components/accounts/Alerts';
import { AuthCard, linkClass } from '~/components/accounts/AuthCard';
import { LONG_TOAST_MS, MSG } from '~/components/accounts/messages';
import { PasswordInput } from '~/components/accounts/PasswordInput';
import { attempt } from '../../../server/http/page-errors';
import { afterLoginPath, text } from './forms.server';
import { email as emailLabel, forgotPasswordLink, invalidCredentials, loggingIn, loginButton, loginHeading, loginIntro, loginTitle, noAccount, password, rememberMe, signUp } from '#messages/accounts.ts';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: loginTitle }, { name: 'robots', content: 'noindex' }];

/** The message a redirect asked us to show (?reset=1 after a reset, ?registered=1, ?expired=1). */
function flashFor(params: URLSearchParams) {
  if (params.has('reset')) return { message: MSG.resetDone, kind: 'success' as const, duration: LONG_TOAST_MS, param: 'reset' };
  if (params.has('registered')) return { message: MSG.registered, kind: 'success' as const, param: 'registered' };
  if (params.has('expired')) return { message: MSG.sessionExpired, kind: 'error' as const, param: 'expired' };
  if (params.has('signedOut')) return { message: MSG.signedOutEverywhere, kind: 'success' as const, param: 'signedOut' };
  return null;
}

export function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const redirectTo = params.get('redirectTo') ?? '';
  // Already signed in: go where the visitor was heading.
  if (context.auth) throw redirect(afterLoginPath(redirectTo));
  return { redirectTo: afterLoginPath(redirectTo) === '/' ? '' : redirectTo, flash: flashFor(params) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = text(form, 'email');
  const parsed = LoginInput.safeParse({ email, password: text(form, 'password'), rememberMe: form.get('rememberMe') === 'on' });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? '', email }, { status: 400 });
  const result = await attempt(
    () => logIn(context, parsed.data, context.clientIp),
    // The server's words for a wrong e-mail or password, in the page's language.
    (error) => ({ error: error === INVALID_CREDENTIALS ? invalidCredentials : error, email }),
  );
  if (!result.ok) return result.response;
  const { session } = result.value;
  context.setSessionCookie(session.token, session);
  // Back to the protected page that sent the visitor here, or home (spec).
  return redirect(afterLoginPath(form.get('redirectTo')));
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/auth/login') === true;
  const error = actionData ? actionData.error || MSG.loginFailed : null;
  const flash = loaderData.flash;
  return (
    <AuthCard title={loginHeading} intro={loginIntro}>
      <Flash message={flash?.message ?? null} kind={flash?.kind} duration={flash?.duration} param={flash?.param} />
      <Form method="post" className="flex flex-col gap-4" aria-describedby={error ? 'login-error' : undefined}>
        <ErrorAlert id="login-error" message={error} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div>
          <label htmlFor="login-email" className="label">{emailLabel}</label>
          <input id="login-email" name="email" type="email" className="input" autoComplete="email" inputMode="email" required defaultValue={actionData?.email} />
        </div>
        <PasswordInput id="login-password" name="password" label={password} autoComplete="current-password" required />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="rememberMe" className="h-4 w-4 accent-brand-700" />
            {rememberMe}
          </label>
          <Link to="/forgot-password" className={linkClass}>{forgotPasswordLink}</Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? loggingIn : loginButton}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm">
        {noAccount}{' '}
        <Link to={loaderData.redirectTo ? `/auth/register?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : '/auth/register'} className={linkClass}>
          {signUp}
        </Link>
      </p>
    </AuthCard>
  );
}
