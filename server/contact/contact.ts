import { z } from 'zod';
import type { Services } from '../context.ts';
import { contactMessages } from '../db/schema/index.ts';
import { parseInput } from '../http/validation.ts';
import { english } from '../i18n.ts';

// Name and subject end up in mail headers and in the support inbox's list view: one line each.
const singleLine = (empty: string, max: number, tooLong: string) =>
  z
    .string(empty)
    .trim()
    .min(1, empty)
    .max(max, tooLong)
    .refine((v) => ![...v].some(isControlChar), 'Please use a single line without special characters.');

function isControlChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

export const contactSchema = z.object({
  name: singleLine('Please enter your name.', 100, 'Your name must be at most 100 characters long.'),
  email: z
    .string('Please enter a valid email address.')
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email(english.errors.validEmail)),
  subject: singleLine('Please enter a subject.', 150, 'The subject must be at most 150 characters long.'),
  message: z
    .string('Please write your message.')
    .trim()
    .min(1, 'Please write your message.')
    .min(10, 'Your message must be at least 10 characters long.')
    .max(5000, 'Your message must be at most 5000 characters long.'),
});

type ContactSender = { ip: string; userId?: string | null };

export const CONTACT_CONFIRMATION = 'Thank you! Your message has been sent. Our support team will reply by e-mail within one working day.';

/**
 * Validates, throttles per IP, stores the message and mails it to support with Reply-To set
 * to the sender, so support can answer straight from their inbox. Only valid messages count
 * toward the limit: a person correcting a typo should not be locked out.
 */
export async function sendContactMessage(
  services: Pick<Services, 'db' | 'mailer' | 'config' | 'logger' | 'rateLimits'>,
  input: unknown,
  sender: ContactSender,
  now = Date.now(),
): Promise<{ id: string }> {
  const data = parseInput(contactSchema, input);
  await services.rateLimits.hit('contactPerIp', sender.ip, now);

  const [row] = await services.db
    .insert(contactMessages)
    .values({ userId: sender.userId ?? null, name: data.name, email: data.email, subject: data.subject, message: data.message })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });

  try {
    await services.mailer.send({
      to: services.config.mail.supportEmail,
      replyTo: `"${data.name.replace(/["\\]/g, '')}" <${data.email}>`,
      subject: `[Soko contact] ${data.subject}`,
      text: [
        `From: ${data.name} <${data.email}>`,
        `Signed-in user: ${sender.userId ?? 'no (visitor)'}`,
        `Received: ${row.createdAt.toISOString()}`,
        `Reference: ${row.id}`,
        '',
        data.message,
        '',
        '-- Reply to this e-mail to answer the sender directly.',
      ].join('\n'),
    });
  } catch (err) {
    // The message is already stored, so it is not lost: confirm to the sender and let the
    // logs (and the contact_messages table) tell support to pick it up from there.
    services.logger.error({ err, contactMessageId: row.id }, 'contact message stored but mail to support failed');
  }
  return { id: row.id };
}
