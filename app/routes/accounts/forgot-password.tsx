import { useEffect, useState, type FormEvent } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { requestPasswordReset } from '../../../server/auth/accounts';
import { ForgotPasswordInput } from '../../../server/auth/schemas';
import { ErrorAlert } from '~/components/accounts/Alerts';
import { AuthCard, linkClass } from '~/components/accounts/AuthCard';
import { LONG_TOAST_MS, MSG } from '~/components/accounts/messages';
import { looksLikeEmail } from '#kernel/account-rules.ts';
import { toast } from '~/lib/toast';
import { attempt } from '../../../server/http/page-errors';
import { text } from './forms.server';
import { backToLogin, checkInbox, email as emailLabel, forgotHeading, forgotIntro, forgotTitle, linkWorksOnce, sending, sendResetLink } from '#messages/accounts.ts';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [{ title: forgotTitle }];

/** Spec: non-empty and containing an at-sign. */

type Result = { sent: true } | { sent: false; error: string; email: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = text(form, 'email');
  const fail = (error: string, status: number) => data<Result>({ sent: false, error, email }, { status });
  if (!looksLikeEmail(email)) return fail(MSG.invalidEmail, 400);
  const parsed = ForgotPasswordInput.safeParse({ email });
  if (!parsed.success) return fail(MSG.invalidEmail, 400);
  const result = await attempt(
    () => requestPasswordReset(context, parsed.data.email, context.clientIp),
    // 429 keeps its own clear message; anything else is the specification's text.
    (error): Result => ({ sent: false, error: error.startsWith('Too many') ? error : MSG.forgotFailed, email }),
  );
  if (!result.ok) return result.response;
  return data<Result>({ sent: true });
}

/**
 * With JavaScript, a request that never reaches the server gets the specification's network
 * message. The 503 status stops React Router from reloading page data over the same dead network.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return data<Result>({ sent: false, error: MSG.networkError, email: '' }, { status: 503 });
    throw error;
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [clientError, setClientError] = useState<string | null>(null);
  const sent = actionData?.sent === true;

  useEffect(() => {
    if (sent) toast.success(MSG.resetRequested, { duration: LONG_TOAST_MS });
  }, [sent, actionData]);

  if (sent) {
    return (
      <AuthCard title={checkInbox}>
        <p role="status" className="text-gray-700 dark:text-gray-300">{MSG.resetRequested}</p>
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">{linkWorksOnce}</p>
        <Link to="/auth/login" className="btn-primary mt-6 w-full">{backToLogin}</Link>
      </AuthCard>
    );
  }

  const check = (event: FormEvent<HTMLFormElement>) => {
    const ok = looksLikeEmail(String(new FormData(event.currentTarget).get('email') ?? ''));
    setClientError(ok ? null : MSG.invalidEmail);
    if (!ok) event.preventDefault();
  };
  const error = clientError ?? (actionData && !actionData.sent ? actionData.error || MSG.forgotFailed : null);

  return (
    <AuthCard title={forgotHeading} intro={forgotIntro}>
      {/* noValidate: the specification's message, not the browser's, with or without JS. */}
      <Form method="post" noValidate className="flex flex-col gap-4" onSubmit={check}>
        <ErrorAlert id="forgot-error" message={error} />
        <div>
          <label htmlFor="forgot-email" className="label">{emailLabel}</label>
          <input
            id="forgot-email"
            name="email"
            type="email"
            className="input"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            defaultValue={actionData && !actionData.sent ? actionData.email : undefined}
            aria-describedby={error ? 'forgot-error' : undefined}
          />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? sending : sendResetLink}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to="/auth/login" className={linkClass}>{backToLogin}</Link>
      </p>
    </AuthCard>
  );
}
