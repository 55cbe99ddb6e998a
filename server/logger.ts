import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Never let a password, token or secret reach the logs even if someone logs a body.
    redact: {
      paths: ['password', 'newPassword', 'token', '*.password', '*.newPassword', '*.token', 'headers.authorization', 'headers.cookie', 'secretKey'],
      censor: '[redacted]',
    },
  });
}
