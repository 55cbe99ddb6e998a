import { redirect } from 'react-router';
import { featureCallbackUrl, FEATURE_FEE_KSH } from '~/components/payments/fee';
import { requireAuth } from '../../../server/http/guards';
import { expectedError } from '../../../server/http/error-translation';
import { startCheckout } from '../../../server/payments/payments';
import { paymentsDeps } from '../../../server/payments/service';
import type { Route } from './+types/feature';

/** The Feature Your Ad? form posted without JavaScript: same checkout as the API, then off to pay. */
export async function action({ url, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context.auth, url);
  try {
    const { url } = await startCheckout(paymentsDeps(context), {
      userId: auth.user.id,
      userEmail: auth.user.email,
      userName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
      listingId: params.listingId,
      amount: FEATURE_FEE_KSH,
      callbackUrl: featureCallbackUrl(new URL(context.config.appUrl).origin, params.listingId),
    });
    return redirect(url);
  } catch (error) {
    const failure = expectedError(error);
    if (!failure) throw error;
    const query = new URLSearchParams({ listingId: params.listingId, status: 'failed', message: failure.message });
    return redirect(`/payment-failure?${query}`);
  }
}

/** Nothing to show here: the form lives on Manage ads. */
export function loader() {
  return redirect('/manage-ads');
}
