import { useEffect, useRef, useState, type FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { deleteAccount, updateUserDetails } from '../../../server/auth/accounts';
import { UpdateMeInput } from '../../../server/auth/schemas';
import { revokeAllSessions, SESSION_COOKIE } from '../../../server/auth/sessions';
import { ErrorAlert, Flash } from '~/components/accounts/Alerts';
import { PasswordInput } from '~/components/accounts/PasswordInput';
import { DETAIL_FIELDS, detailsFrom, sameDetails, type Details } from '~/components/accounts/details';
import { MSG } from '~/components/accounts/messages';
import { loginRedirect } from '../../../server/http/guards';
import { toast } from '~/lib/toast';
import { attempt } from '../../../server/http/page-errors';
import { isPhoneVerified } from '../../../server/users/phone-verification';
import { sellerRating } from '../../../server/reviews/reviews';
import { ratingText } from '#kernel/rating-text.ts';
import { text } from './forms.server';
import { CONTACT_TEXTS } from '#kernel/contact-preferences.ts';
import {
  addContactNumber,
  cancel,
  contactNumber,
  currentPassword as currentPasswordLabel,
  currentPasswordHint,
  dangerZone,
  deleteMyAccount,
  deleteWarning,
  deleting,
  devicesHeading,
  devicesText,
  editContactDetails,
  email as emailLabel,
  errorDeletingAccount,
  errorSavingContact,
  errorUpdatingDetails,
  firstName as firstNameLabel,
  goHome,
  invalidInput,
  lastName as lastNameLabel,
  location as locationLabel,
  myDetails,
  myDetailsTitle,
  phoneIsVerifiedNotice,
  phoneNumber as phoneNumberLabel,
  phonePlaceholderShort,
  phoneVerificationHeading,
  saveChanges,
  saveContactSettings,
  saving,
  signingOut,
  signOutEverywhere,
  verifyInviteAfter,
  verifyInviteBefore,
  verifyYourPhoneLink,
  yourPassword,
  yourRatingBefore,
} from '#messages/accounts.ts';
import type { Route } from './+types/my-details';

export const meta: Route.MetaFunction = () => [{ title: myDetailsTitle }, { name: 'robots', content: 'noindex' }];

/** A session cookie the server no longer honours (logged out elsewhere, password reset): spec's 401 path. */
function sessionExpired(request: Request, context: Route.LoaderArgs['context']): Response {
  context.clearSessionCookie();
  return redirect(`/auth/login?expired=1&redirectTo=${encodeURIComponent('/my-details')}`);
}
const hasSessionCookie = (request: Request) => (request.headers.get('cookie') ?? '').includes(`${SESSION_COOKIE}=`);

export async function loader({ context, request, url }: Route.LoaderArgs) {
  if (!context.auth) throw hasSessionCookie(request) ? sessionExpired(request, context) : loginRedirect(url);
  const u = context.auth.user;
  const updated = url.searchParams.has('updated');
  return {
    user: { ...detailsFrom(u), updatedAt: u.updatedAt.toISOString() },
    phoneVerified: isPhoneVerified(u),
    contact: { showPhone: u.showPhone, messageEmails: u.messageEmails, saved: url.searchParams.has('contactSaved') },
    // What buyers see of the user as a seller (issue 44): real reviews, not decorative stars.
    ratingLabel: await sellerRating(context.db, u.id).then((r) => ratingText(r.rating, r.count)),
    flash: updated ? MSG.detailsUpdated : null,
  };
}

// Switching between viewing and editing is a change of ?edit only: nothing to reload.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as { deleted?: boolean } | undefined)?.deleted) return false;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has('updated')) return false;
  return defaultShouldRevalidate;
}

type ActionResult = { error?: string; notice?: string; values?: Details; deleted?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.auth) return sessionExpired(request, context);
  const auth = context.auth;
  const form = await request.formData();

  if (text(form, 'intent') === 'signout-everywhere') {
    await revokeAllSessions(context.db, auth.user.id);
    context.clearSessionCookie();
    return redirect('/auth/login?signedOut=everywhere');
  }

  if (text(form, 'intent') === 'contact') {
    // Plain radio and checkbox: an unticked box sends nothing, which means off.
    const result = await attempt(
      () => updateUserDetails(context, auth.user, { showPhone: text(form, 'showPhone') !== 'no', messageEmails: text(form, 'messageEmails') === 'yes' }),
      (error): ActionResult => ({ error: `${errorSavingContact}${error}` }),
    );
    if (!result.ok) return result.response;
    return redirect('/my-details?contactSaved=1#contact-settings');
  }

  if (text(form, 'intent') === 'delete') {
    // Without JavaScript there is no browser confirm: ask on a page of our own first.
    if (text(form, 'confirmed') !== 'yes') return redirect('/my-details?confirmDelete=1');
    const result = await attempt(
      () => deleteAccount(context, auth.user, text(form, 'password')),
      (error): ActionResult => ({ error: `${errorDeletingAccount}${error}` }),
    );
    if (!result.ok) return result.response;
    context.clearSessionCookie();
    return data<ActionResult>({ deleted: true });
  }

  const values = detailsFrom(Object.fromEntries(DETAIL_FIELDS.map((f) => [f, text(form, f)])));
  if (sameDetails(values, detailsFrom(auth.user))) return data<ActionResult>({ notice: MSG.noChanges, values });
  const fail = (error: string, status = 400) => data<ActionResult>({ error: `${errorUpdatingDetails}${error}`, values }, { status });
  const parsed = UpdateMeInput.safeParse({ ...values, currentPassword: text(form, 'currentPassword') || undefined });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? invalidInput);
  const result = await attempt(
    () => updateUserDetails(context, auth.user, parsed.data),
    (error): ActionResult => ({ error: `${errorUpdatingDetails}${error}`, values }),
  );
  if (!result.ok) return result.response;
  return redirect('/my-details?updated=1');
}

const FIELD_LABELS: Record<keyof Details, string> = {
  firstName: firstNameLabel,
  lastName: lastNameLabel,
  email: emailLabel,
  location: locationLabel,
  phoneNumber: contactNumber,
};

/** The user's rating as a seller, from reviews (issue 44 replaced the specification's fixed 3 of 5 stars, which meant nothing). */
function SellerRatingLine({ label }: { label: string }) {
  return (
    <p className="mt-1 text-sm text-gray-700 dark:text-gray-300" data-testid="my-rating">
      {yourRatingBefore}{label}
    </p>
  );
}

/** Phone or messages only, and message e-mails (issue 43): one plain form, JavaScript not needed. */
function ContactSettings({ showPhone, messageEmails, saved, pending }: { showPhone: boolean; messageEmails: boolean; saved: boolean; pending: boolean }) {
  return (
    <section id="contact-settings" aria-labelledby="contact-settings-heading" className="card scroll-mt-24 p-4 sm:p-6">
      <h2 id="contact-settings-heading" className="text-lg font-bold">{CONTACT_TEXTS.heading}</h2>
      {saved ? (
        <p role="status" data-testid="contact-saved" className="mt-2 rounded-lg border-l-4 border-green-600 bg-green-50 px-4 py-2 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {CONTACT_TEXTS.saved}
        </p>
      ) : null}
      <Form method="post" className="mt-3 flex flex-col gap-3" preventScrollReset>
        <input type="hidden" name="intent" value="contact" />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{phoneNumberLabel}</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name="showPhone" value="yes" defaultChecked={showPhone} className="mt-1" />
            <span>{CONTACT_TEXTS.showPhone}</span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name="showPhone" value="no" defaultChecked={!showPhone} className="mt-1" />
            <span>{CONTACT_TEXTS.messagesOnly}</span>
          </label>
        </fieldset>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="messageEmails" value="yes" defaultChecked={messageEmails} className="mt-1" />
          <span>{CONTACT_TEXTS.messageEmails}</span>
        </label>
        <button type="submit" className="btn-secondary self-start" disabled={pending}>
          {pending ? saving : saveContactSettings}
        </button>
      </Form>
    </section>
  );
}

function DeletedNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.success(MSG.accountDeleted);
    const timer = window.setTimeout(() => navigate('/', { replace: true }), 1500);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <noscript>
        <meta httpEquiv="refresh" content="2;url=/" />
      </noscript>
      <p role="status" className="text-lg font-semibold">{MSG.accountDeleted}</p>
      <Link to="/" className="btn-primary mt-6">{goHome}</Link>
    </section>
  );
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { user, flash } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const editing = params.has('edit');
  const confirmDelete = params.has('confirmDelete');
  const [clientNotice, setClientNotice] = useState<string | null>(null);
  const confirmedRef = useRef<HTMLInputElement>(null);
  const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;

  if (actionData?.deleted) return <DeletedNotice />;

  const shown: Details = editing && actionData?.values ? actionData.values : user;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  // Spec: an unchanged form is not sent at all.
  const checkChanges = (event: FormEvent<HTMLFormElement>) => {
    const entered = detailsFrom(Object.fromEntries(new FormData(event.currentTarget)));
    if (sameDetails(entered, user)) {
      event.preventDefault();
      setClientNotice(MSG.noChanges);
      toast(MSG.noChanges);
    } else setClientNotice(null);
  };
  const confirmDeletion = (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(MSG.confirmDelete)) event.preventDefault();
    else if (confirmedRef.current) confirmedRef.current.value = 'yes';
  };
  const notice = clientNotice ?? actionData?.notice ?? null;

  const fields = DETAIL_FIELDS.map((f) => {
    const id = `details-${f}`;
    if (f === 'phoneNumber' && !editing && !user.phoneNumber) {
      return (
        <div key={f}>
          <span className="label">{FIELD_LABELS[f]}</span>
          <Link to="?edit=phone" className="inline-block py-2 font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100" preventScrollReset>
            {addContactNumber}
          </Link>
        </div>
      );
    }
    return (
      <div key={f}>
        <label htmlFor={id} className="label">{FIELD_LABELS[f]}</label>
        <input
          id={id}
          name={f}
          type={f === 'email' ? 'email' : f === 'phoneNumber' ? 'tel' : 'text'}
          inputMode={f === 'email' ? 'email' : f === 'phoneNumber' ? 'tel' : undefined}
          autoComplete={{ firstName: 'given-name', lastName: 'family-name', email: 'email', location: 'address-level2', phoneNumber: 'tel' }[f]}
          placeholder={f === 'phoneNumber' ? phonePlaceholderShort : undefined}
          required={f === 'firstName' || f === 'lastName' || f === 'email'}
          readOnly={!editing}
          autoFocus={editing && (params.get('edit') === 'phone' ? f === 'phoneNumber' : f === 'firstName')}
          defaultValue={shown[f]}
          maxLength={f === 'email' ? 254 : 100}
          className={`input ${editing ? '' : 'cursor-default border-transparent bg-gray-50 dark:bg-gray-950'}`}
        />
      </div>
    );
  });

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      {/* Keyed by the last update, so a second update in a row toasts again (the message is the same). */}
      <Flash key={user.updatedAt} message={flash} kind="success" param="updated" />
      <header className="card flex items-center gap-4 p-4 sm:p-6">
        <div aria-hidden="true" className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
          {(user.firstName[0] ?? '').toUpperCase()}
          {(user.lastName[0] ?? '').toUpperCase()}
        </div>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-extrabold sm:text-2xl">{fullName}</h1>
          <p className="truncate text-sm text-gray-600 dark:text-gray-400">{user.email}</p>
          <SellerRatingLine label={loaderData.ratingLabel} />
        </div>
      </header>

      <section aria-labelledby="details-heading" className="card p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="details-heading" className="text-lg font-bold">{myDetails}</h2>
          {!editing && (
            <Link to="?edit=1" className="btn-secondary" preventScrollReset>
              {editContactDetails}
            </Link>
          )}
        </div>
        <div className="mt-4 flex flex-col gap-3">
          <ErrorAlert id="details-error" message={editing ? actionData?.error : null} />
          {notice && (
            <p role="status" className="rounded-lg border-l-4 border-gray-400 bg-gray-50 px-4 py-3 text-sm dark:bg-gray-900">{notice}</p>
          )}
        </div>
        {editing ? (
          <Form
            method="post"
            key={user.updatedAt}
            className="mt-4 grid gap-4 sm:grid-cols-2"
            onSubmit={checkChanges}
            preventScrollReset
            aria-describedby={actionData?.error ? 'details-error' : undefined}
          >
            <input type="hidden" name="intent" value="save" />
            {fields}
            <div className="sm:col-span-2">
              <PasswordInput id="details-current-password" name="currentPassword" label={currentPasswordLabel} autoComplete="current-password" maxLength={1024} aria-describedby="details-current-password-hint" />
              <p id="details-current-password-hint" className="mt-1 text-sm text-gray-600 dark:text-gray-400">{currentPasswordHint}</p>
            </div>
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <button type="submit" className="btn-primary" disabled={pendingIntent === 'save'}>
                {pendingIntent === 'save' ? saving : saveChanges}
              </button>
              <Link to="/my-details" className="btn-secondary" preventScrollReset onClick={() => setClientNotice(null)}>
                {cancel}
              </Link>
            </div>
          </Form>
        ) : (
          // Read-only: the details as text fields outside any form (a form with nothing to submit is not one); Edit opens the form.
          <div className="mt-4 grid gap-4 sm:grid-cols-2">{fields}</div>
        )}
      </section>

      <ContactSettings key={user.updatedAt} {...loaderData.contact} pending={pendingIntent === 'contact'} />

      <section aria-labelledby="phone-check-heading" className="card p-4 sm:p-6">
        <h2 id="phone-check-heading" className="text-lg font-bold">{phoneVerificationHeading}</h2>
        {loaderData.phoneVerified ? (
          <p className="mt-1 text-sm" data-testid="phone-verified">{phoneIsVerifiedNotice}</p>
        ) : (
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {verifyInviteBefore}<Link to="/verify-phone" className="font-semibold text-brand-700 underline dark:text-brand-100">{verifyYourPhoneLink}</Link>{verifyInviteAfter}
          </p>
        )}
      </section>

      <section aria-labelledby="sessions-heading" className="card p-4 sm:p-6">
        <h2 id="sessions-heading" className="text-lg font-bold">{devicesHeading}</h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {devicesText}
        </p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="signout-everywhere" />
          <button type="submit" className="btn-secondary" disabled={pendingIntent === 'signout-everywhere'}>
            {pendingIntent === 'signout-everywhere' ? signingOut : signOutEverywhere}
          </button>
        </Form>
      </section>

      <section aria-labelledby="danger-heading" className="card border-red-300 p-4 sm:p-6 dark:border-red-900">
        <h2 id="danger-heading" className="text-lg font-bold text-red-700 dark:text-red-400">{dangerZone}</h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {deleteWarning}
        </p>
        <ErrorAlert message={!editing ? actionData?.error : null} />
        {confirmDelete && <p role="alert" className="mt-3 font-medium text-red-700 dark:text-red-300">{MSG.confirmDelete}</p>}
        <Form method="post" className="mt-4 flex flex-col gap-3" onSubmit={confirmDelete ? undefined : confirmDeletion}>
          <input type="hidden" name="intent" value="delete" />
          <input ref={confirmedRef} type="hidden" name="confirmed" value={confirmDelete ? 'yes' : ''} />
          <div className="max-w-sm">
            {/* Without JavaScript the first press only leads to the confirmation step, which asks for it. */}
            <PasswordInput id="delete-password" name="password" label={yourPassword} autoComplete="current-password" required={confirmDelete} maxLength={1024} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-danger" disabled={pendingIntent === 'delete'}>
              {pendingIntent === 'delete' ? deleting : deleteMyAccount}
            </button>
            {confirmDelete && <Link to="/my-details" className="btn-secondary">{cancel}</Link>}
          </div>
        </Form>
      </section>
    </div>
  );
}
