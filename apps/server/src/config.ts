import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, validated once at start. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port of the HTTP server. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  /** Folder of the embedded database and files, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data and accounts into an empty database; never in production. */
  SEED_DEMO: flag.optional(),
  /** Send the session cookie only over HTTPS (default: in production). */
  SECURE_COOKIES: flag.optional(),
  /** Where the built web app is; served at / when present. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Sign-in attempts allowed per IP address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Largest file an upload may be, in bytes (25 MB by default). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(25 * 1024 * 1024),
  /** Files the public complaint form takes in one complaint without a staff session (5). */
  PUBLIC_ATTACHMENT_MAX_FILES: z.coerce.number().int().min(0).max(20).default(5),
  /** Largest file of the public complaint form, in bytes (5 MB). */
  PUBLIC_ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 * 1024),
  /** Bytes the public may upload from one address in a day (50 MB). */
  PUBLIC_UPLOAD_ADDRESS_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(50 * 1024 * 1024),
  /** Bytes the public may upload in a day, every address together (2 GB). */
  PUBLIC_UPLOAD_DAILY_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 1024 * 1024 * 1024),
  /** Public origin of the server (https://licensing.example.gov): the SAML entity id and ACS address. */
  PUBLIC_URL: z.url().optional(),
  /** PEM key and certificate signing SAML AuthnRequests; unsigned requests without them. */
  SAML_SP_PRIVATE_KEY: z.string().optional(),
  SAML_SP_CERT: z.string().optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.org:587; without it mail is held in the mail log. */
  SMTP_URL: z.url({ message: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  /** The sender address of outgoing mail. */
  MAIL_FROM: z.string().default('Licensure <no-reply@localhost>'),
  /** Seconds before a failed mail is tried again (doubling each time, four retries). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Key that encrypts social security numbers at rest: base64 of 32 random bytes. */
  SSN_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'SSN_KEY must be base64 of 32 bytes')
    .optional(),
  /** The local test gateway (no money taken) for enterprises without a card gateway (default: outside production). */
  PAYMENT_TEST_GATEWAY: flag.optional(),
  /** EMS Compact feed: the data system's https upload address; without it files go to COMPACT_FEED_DIR. */
  COMPACT_FEED_URL: z.url({ message: 'COMPACT_FEED_URL must be an https:// URL' }).optional(),
  /** Bearer token sent with each Compact file upload. */
  COMPACT_FEED_TOKEN: z.string().min(1).optional(),
  /** Folder the Compact files are dropped into for the office's transfer agent (DATA_DIR/compact-feed). */
  COMPACT_FEED_DIR: z.string().optional(),
  /** Bearer token that GET /metrics on the app's port requires; without it that port serves no metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** A port of its own for GET /metrics, without a token: bind it (METRICS_HOST) where only monitoring reaches. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & {
  seedDemo: boolean;
  secureCookies: boolean;
  paymentTestGateway: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production && c.SEED_DEMO)
    throw new ConfigError('SEED_DEMO cannot be set in production: demo accounts are not allowed there.');
  return {
    ...c,
    seedDemo: c.SEED_DEMO ?? !production,
    secureCookies: c.SECURE_COOKIES ?? production,
    paymentTestGateway: c.PAYMENT_TEST_GATEWAY ?? !production,
  };
}

export class ConfigError extends Error {}
