import { Form } from 'react-router';
import { MAX_MESSAGE_LENGTH, QUICK_REPLIES } from '#kernel/message-form.ts';
import { messageSeller, sendMessage, writeYourOwn } from '#messages/conversations.ts';

/**
 * "Message seller" (issue 43): one tap on a quick reply sends it, or the buyer writes their own.
 * A plain form posting to /messages/new/:listingId, so it works without JavaScript; a visitor is
 * sent to login and back to this form with the text kept.
 */
export function MessageSellerForm({ listingId, defaultBody, error, headingLevel = 3 }: { listingId: string; defaultBody?: string; error?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Form id="message-seller" method="post" action={`/messages/new/${listingId}`} className="mt-4 flex scroll-mt-32 flex-col gap-2" aria-labelledby="message-seller-heading" data-testid="message-seller">
      <Heading id="message-seller-heading" className="font-bold">{messageSeller}</Heading>
      <div className="flex flex-wrap gap-2">
        {QUICK_REPLIES.map((text) => (
          <button key={text} type="submit" name="quick" value={text} className="btn-secondary px-3 py-1.5 text-sm">
            {text}
          </button>
        ))}
      </div>
      <label htmlFor="message-body" className="text-sm text-gray-700 dark:text-gray-300">{writeYourOwn}</label>
      <textarea id="message-body" name="body" rows={3} maxLength={MAX_MESSAGE_LENGTH} defaultValue={defaultBody} className="input" aria-describedby={error ? 'message-error' : undefined} />
      {error ? (
        <p id="message-error" role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">{error}</p>
      ) : null}
      <button type="submit" className="btn-primary">{sendMessage}</button>
    </Form>
  );
}
