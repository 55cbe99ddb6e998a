import { toast } from '~/lib/toast';
import { FEATURE_FEE_KSH, featureCallbackUrl } from './fee';
import { failedToInitiate, mustBeLoggedIn, noRedirectUrl, redirectingToGateway } from '#messages/payments.ts';
import { htmlLang } from '#messages/common.ts';

/**
 * Pay Now with JavaScript (spec section 2): starts the checkout through the API, with the spec's
 * toasts, and goes to the payment page. Loaded when Pay Now is pressed (FeatureAdButton), so the
 * pages with a Feature button do not carry it until then (DESIGN.md section 7). Resolves false
 * when the checkout did not start, so the button can be pressed again.
 */
export async function startFeatureCheckout(listingId: string, userEmail: string): Promise<boolean> {
  const fail = (message: string) => {
    toast.error(message);
    return false;
  };
  try {
    const res = await fetch('/api/payments/create-checkout-session', {
      method: 'POST',
      credentials: 'same-origin',
      // The API's refusals in the page's language, not the browser's.
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': htmlLang },
      body: JSON.stringify({
        email: userEmail,
        amount: FEATURE_FEE_KSH,
        callback_url: featureCallbackUrl(window.location.origin, listingId),
        listingId,
      }),
    });
    if (res.status === 401) return fail(mustBeLoggedIn);
    const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
    if (!res.ok) return fail(body.message || failedToInitiate);
    if (!body.url) return fail(noRedirectUrl);
    toast.success(redirectingToGateway);
    window.location.assign(body.url);
    return true;
  } catch {
    return fail(failedToInitiate);
  }
}
