import { isIP } from 'node:net';
import { mailMessages } from '@licensure/contracts';
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../tenancy/public-origin';

interface MailConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  SMTP_URL?: string;
}

/** Where a browser on this computer reads held mail, outside production without SMTP_URL. */
export const DEV_MAIL_VIEWER = '/dev/mail';

/** Whether mail goes nowhere but the mail log: no SMTP_URL. */
export const mailIsHeld = (config: MailConfig) => !config.SMTP_URL;

/** The administrators' banner: mail is not being sent in production. */
export const mailBanner = (config: MailConfig): string | null =>
  config.NODE_ENV === 'production' && mailIsHeld(config) ? mailMessages.notSending : null;

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The start-up line about mail: a warning in production without SMTP_URL (nobody receives reset links,
 * registration links or letters; they are held for staff with mail.read), else where held mail is read.
 */
export function logMailSetup(config: MailConfig, log: Logger, origin?: string): void {
  if (!mailIsHeld(config)) return;
  if (config.NODE_ENV === 'production') {
    log.warn(
      { smtp: false },
      `${mailMessages.notSending}: mail is held in the mail log, readable by staff with mail.read (Mail)`,
    );
    return;
  }
  log.info(
    { smtp: false, viewer: `${origin ?? ''}${DEV_MAIL_VIEWER}` },
    'no SMTP_URL: mail is held; read it in the dev mail viewer from this computer',
  );
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1';
}

const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * Whether this request may open the dev mail viewer. Held mail holds live password-reset and
 * registration links, so reading it is taking over accounts: only outside production, only without
 * SMTP_URL, and only from this computer. "From this computer" is the connection's own address (never a
 * header), no proxy forwarding headers (a reverse proxy on this host would make every visitor look
 * local), and a loopback Host (a foreign name resolving to 127.0.0.1, DNS rebinding, is refused).
 */
export function devViewerAllowed(config: MailConfig, request: FastifyRequest): boolean {
  if (config.NODE_ENV === 'production' || !mailIsHeld(config)) return false;
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (forwardingHeaders.some((h) => request.headers[h] !== undefined)) return false;
  return isLoopbackHost(request.headers.host ?? '');
}
