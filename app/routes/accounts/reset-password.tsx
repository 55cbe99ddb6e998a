import { useEffect, useState, type FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { findResetUser, resetPassword } from '../../../server/auth/accounts';
import { ResetPasswordInput } from '../../../server/auth/schemas';
import { ErrorAlert } from '~/components/accounts/Alerts';
import { AuthCard, linkClass } from '~/components/accounts/AuthCard';
import { MSG } from '~/components/accounts/messages';
import { PasswordInput } from '~/components/accounts/PasswordInput';
import { toast } from '~/lib/toast';
import { attempt } from '../../../server/http/page-errors';
import { text } from './forms.server';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#kernel/account-rules.ts';
import {
  backToLogin,
  checkingResetLink,
  confirmNewPassword,
  invalidLinkHeading,
  newPassword as newPasswordLabel,
  requestNewLink,
  resetButton,
  resetHeading,
  resetIntro,
  resetTitle,
  resetting,
} from '#messages/accounts.ts';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: resetTitle }, { name: 'robots', content: 'noindex' }];

type LinkState = { state: 'valid'; token: string } | { state: 'invalid'; message: string; missingToken: boolean };

/** The link is checked on the server before the first byte, so the page never flashes a wrong state. */
export async function loader({ url, context }: Route.LoaderArgs): Promise<LinkState> {
  const token = url.searchParams.get('token')?.trim();
  if (!token) return { state: 'invalid', message: MSG.resetMissingToken, missingToken: true };
  if (!(await findResetUser(context.db, token))) return { state: 'invalid', message: MSG.resetInvalidLink, missingToken: false };
  return { state: 'valid', token };
}

type Failure = { error: string; invalidLink?: boolean };

export async function action({ request, url, context }: Route.ActionArgs) {
  const token = url.searchParams.get('token')?.trim() ?? '';
  const form = await request.formData();
  const newPassword = text(form, 'newPassword');
  const fail = (error: string, status = 400) => data<Failure>({ error }, { status });
  if (!token) return fail(MSG.resetMissingToken);
  if (newPassword.length < MIN_PASSWORD_LENGTH) return fail(MSG.resetShortPassword);
  if (newPassword !== text(form, 'confirmPassword')) return fail(MSG.resetMismatch);
  const parsed = ResetPasswordInput.safeParse({ newPassword });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? MSG.resetFailed);
  const result = await attempt(
    () => resetPassword(context, token, parsed.data.newPassword),
    (error): Failure => ({ error: error || MSG.resetFailed, invalidLink: error === MSG.resetInvalidLink }),
  );
  if (!result.ok) return result.response;
  // The login page shows the 5-second success toast.
  return redirect('/auth/login?reset=1');
}

/**
 * With JavaScript, a request that never reaches the server gets the network message, also as a
 * toast. The 503 status stops React Router from reloading page data over the same dead network.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    toast.error(MSG.networkError);
    return data<Failure>({ error: MSG.networkError }, { status: 503 });
  }
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard title={invalidLinkHeading}>
      <p role="alert" className="text-red-700 dark:text-red-300">{message}</p>
      <Link to="/forgot-password" className="btn-primary mt-6 w-full">{requestNewLink}</Link>
      <p className="mt-5 text-center text-sm"><Link to="/auth/login" className={linkClass}>{backToLogin}</Link></p>
    </AuthCard>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const missingToken = loaderData.state === 'invalid' && loaderData.missingToken;

  useEffect(() => {
    if (missingToken) toast.error(MSG.resetNoTokenToast);
  }, [missingToken]);

  // Revisiting the page for another link (client navigation): the check is under way.
  if (navigation.state === 'loading' && navigation.location.pathname === '/reset-password' && navigation.formMethod === undefined) {
    return (
      <AuthCard title={resetHeading}>
        <p role="status" className="text-gray-700 dark:text-gray-300">{checkingResetLink}</p>
      </AuthCard>
    );
  }
  if (loaderData.state === 'invalid') return <InvalidLink message={loaderData.message} />;
  if (actionData?.invalidLink) return <InvalidLink message={actionData.error || MSG.resetInvalidLink} />;

  const submitting = navigation.state === 'submitting';
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const password = String(form.get('newPassword') ?? '');
    const problem = password.length < MIN_PASSWORD_LENGTH ? MSG.resetShortPassword : password !== form.get('confirmPassword') ? MSG.resetMismatch : null;
    setClientError(problem);
    if (problem) event.preventDefault();
  };
  const error = clientError ?? (actionData ? actionData.error || MSG.resetFailed : null);

  return (
    <AuthCard title={resetHeading} intro={resetIntro}>
      <Form method="post" action={`/reset-password?token=${encodeURIComponent(loaderData.token)}`} noValidate className="flex flex-col gap-4" onSubmit={check}>
        <ErrorAlert id="reset-error" message={error} />
        <PasswordInput id="reset-new-password" name="newPassword" label={newPasswordLabel} autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
        <PasswordInput id="reset-confirm-password" name="confirmPassword" label={confirmNewPassword} autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? resetting : resetButton}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm"><Link to="/auth/login" className={linkClass}>{backToLogin}</Link></p>
    </AuthCard>
  );
}
