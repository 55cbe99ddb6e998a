import { data, Link } from 'react-router';
import { formatPhone } from '#kernel/phone.ts';
import { PHONE_CODE_LENGTH, PHONE_VERIFY_MESSAGES } from '#kernel/phone-verification-rules.ts';
import { requireAuth } from '../../../server/http/guards';
import { failureData } from '../../../server/http/page-errors';
import { confirmPhoneCode, isPhoneVerified, sendPhoneCode } from '../../../server/users/phone-verification';
import {
  backToMyDetails,
  codeLabel,
  phoneVerifiedAfter,
  sendNewCode,
  textMeCode,
  unknownAction,
  verifyButton,
  verifyIntroAfter,
  verifyIntroBefore,
  verifyPhoneHeading,
  verifyPhoneTitle,
  yourNumber,
} from '#messages/accounts.ts';
import type { Route } from './+types/verify-phone';

export const meta: Route.MetaFunction = () => [{ title: verifyPhoneTitle }, { name: 'robots', content: 'noindex' }];

export function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireAuth(context.auth, url);
  return { phone: user.phoneNumber ? formatPhone(user.phoneNumber) : null, verified: isPhoneVerified(user), available: !!context.sms };
}

/**
 * Two plain forms, so it all works before (or without) JavaScript: "send" texts a code,
 * "confirm" checks it. Every answer comes back to this page with its message.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const { user } = requireAuth(context.auth, url);
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    if (intent === 'send') return { sent: await sendPhoneCode(context, user) };
    if (intent === 'confirm') {
      await confirmPhoneCode(context.db, user, form.get('code'));
      return { verified: PHONE_VERIFY_MESSAGES.verified };
    }
    return data({ error: unknownAction, codeSent: false }, { status: 400 });
  } catch (error) {
    // A wrong or expired code keeps the code form on screen; a failed send does not.
    return failureData(error, (failure) => ({ error: failure.message, codeSent: intent === 'confirm' }));
  }
}

export default function VerifyPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { phone, available } = loaderData;
  const verified = loaderData.verified || (actionData && 'verified' in actionData);
  const sent = actionData && 'sent' in actionData ? actionData.sent : null;
  const error = actionData && 'error' in actionData ? actionData.error : null;
  const showCodeForm = !verified && (sent !== null || (actionData && 'codeSent' in actionData && actionData.codeSent));
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 py-6" aria-labelledby="verify-heading">
      <h1 id="verify-heading" className="text-2xl font-bold">{verifyPhoneHeading}</h1>
      <p className="text-gray-700 dark:text-gray-300">
        {verifyIntroBefore}
        {PHONE_CODE_LENGTH}
        {verifyIntroAfter}
      </p>
      {verified ? (
        <p role="status" className="rounded-lg border-l-4 border-green-600 bg-green-50 p-3 font-medium text-green-950 dark:bg-green-950 dark:text-green-50">
          {actionData && 'verified' in actionData ? actionData.verified : `${phone}${phoneVerifiedAfter}`}
        </p>
      ) : !phone ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">{PHONE_VERIFY_MESSAGES.noPhone}</p>
      ) : !available ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">{PHONE_VERIFY_MESSAGES.unavailable}</p>
      ) : (
        <>
          {sent && <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-950 dark:bg-gray-800 dark:text-gray-100">{sent}</p>}
          {error && <p role="alert" className="font-medium text-red-700 dark:text-red-300">{error}</p>}
          {showCodeForm && (
            <form method="post" className="card flex flex-col gap-3 p-4">
              <input type="hidden" name="intent" value="confirm" />
              <label className="flex flex-col gap-1">
                <span className="font-medium">{codeLabel}</span>
                <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern={`\\d{${PHONE_CODE_LENGTH}}`} maxLength={PHONE_CODE_LENGTH} required className="input w-40 text-lg tracking-widest" />
              </label>
              <button type="submit" className="btn-primary self-start">{verifyButton}</button>
            </form>
          )}
          <form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="send" />
            <span>{yourNumber}<strong>{phone}</strong></span>
            <button type="submit" className={showCodeForm ? 'btn-secondary' : 'btn-primary'}>{showCodeForm ? sendNewCode : textMeCode}</button>
          </form>
        </>
      )}
      <p>
        <Link to="/my-details" className="font-semibold text-brand-700 underline dark:text-brand-100">{backToMyDetails}</Link>
      </p>
    </section>
  );
}
