import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the fake took: its recipients and its raw text (headers and body). */
export type ReceivedMail = { to: string[]; data: string };

/**
 * A real SMTP server on loopback (the outside service the mailer speaks to), keeping every
 * mail it is given. Plain SMTP without TLS or login, as the tests' SMTP_URL says.
 */
export async function startSmtpFake(): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
