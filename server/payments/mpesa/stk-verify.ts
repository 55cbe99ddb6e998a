import { and, eq, sql } from 'drizzle-orm';
import { MPESA_CANCELLED_CODES, mpesaResultMessage } from '#kernel/mpesa-results.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { ProviderUnavailableError, type Verification } from '../provider.ts';
import type { MpesaService } from '../service.ts';

type StkPayment = typeof payments.$inferSelect;

/**
 * What Daraja says about one STK payment, as settle() understands it. Only the STK Query is
 * believed, never a callback: a callback only names the payment and adds its Amount, which must
 * equal the fee. The answer must carry both request ids Daraja gave the push, and the payment
 * must have been pushed to the shortcode this server queries with.
 */
export async function verifyStk(deps: { db: Db; mpesa?: MpesaService | null }, payment: StkPayment): Promise<Verification> {
  const checkoutRequestId = payment.mpesaCheckoutRequestId;
  // The push's answer never came: nothing to ask about until a callback names its ids.
  if (!checkoutRequestId) return { found: false };
  if (!deps.mpesa) throw new ProviderUnavailableError('M-Pesa is not configured on this server');
  const base = { txRef: payment.txRef, currency: payment.currency, providerTxnId: checkoutRequestId, amount: payment.amount };
  if (payment.mpesaShortcode !== deps.mpesa.gateway.shortcode) {
    return { found: true, status: 'failed', ...base, reason: 'This payment was made to another M-Pesa shortcode.' };
  }
  const answer = await deps.mpesa.gateway.query(checkoutRequestId);
  if (answer.state === 'pending') return { found: true, status: 'pending', ...base };
  if (answer.checkoutRequestId !== checkoutRequestId || answer.merchantRequestId !== payment.mpesaMerchantRequestId) {
    // Not an answer about this payment: no verdict (settle leaves it as it is).
    return { found: true, status: 'pending', ...base, txRef: '' };
  }
  await recordResult(deps.db, payment.txRef, answer.resultCode, answer.resultDesc);
  if (answer.resultCode !== 0) {
    return {
      found: true,
      status: 'failed',
      ...base,
      reason: mpesaResultMessage(answer.resultCode, answer.resultDesc),
      cancelled: MPESA_CANCELLED_CODES.includes(answer.resultCode),
    };
  }
  // The query has no amount; the push asked for payment.amount. A callback that says otherwise stops it.
  const paid = payment.mpesaCallbackAmount ?? payment.amount;
  return { found: true, status: 'succeeded', ...base, amount: paid === payment.amount ? paid : -1 };
}

async function recordResult(db: Db, txRef: string, code: number, desc: string): Promise<void> {
  await db
    .update(payments)
    .set({ mpesaResultCode: code, mpesaResultDesc: desc.slice(0, 300), updatedAt: sql`now()` })
    .where(and(eq(payments.txRef, txRef), sql`${payments.mpesaResultCode} IS DISTINCT FROM ${code}`));
}
