import { createHmac, randomBytes } from 'node:crypto';
import { type PaymentAttributes, type PaymentGatewayKind, paymentMessages } from '@licensure/contracts';
import { type Db, paymentGateways, type Tx } from '@licensure/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/errors';
import type { TransactionRow } from './settle-payment';

/** An enterprise's gateway: which one, its public settings and its secret (never sent to a browser). */
export interface GatewayConfig {
  kind: PaymentGatewayKind;
  settings: Record<string, string>;
  secretKey: string;
}

/** Where the browser goes to pay: a page to post signed fields to, or a link with a token. */
export interface HostedCheckout {
  url: string;
  fields?: Record<string, string>;
}

export interface CheckoutStart {
  transaction: TransactionRow;
  /** Unique a payment attempt: CyberSource's transaction_uuid, Elavon's invoice. */
  attemptId: string;
  /** Absolute or same-origin address the gateway returns the browser to. */
  receiptUrl: string;
}

/** One adapter a gateway: how a hosted checkout starts for a pending payment. */
export interface PaymentGateway {
  kind: PaymentGatewayKind;
  start(config: GatewayConfig, payment: CheckoutStart): Promise<HostedCheckout>;
}

/** The local test gateway's hosted page, served by the app itself. */
export const TEST_GATEWAY_PATH = '/api/payments/testgateway/pay';
export const RECEIPT_PATH = '/api/payments/receipt';
export const CYBERSOURCE_TEST_URL = 'https://testsecureacceptance.cybersource.com/pay';

/**
 * The enterprise's card gateway, or null when it takes no card payments. The local test gateway (no
 * money taken) serves only where `testGateway` allows it (PAYMENT_TEST_GATEWAY, on outside production):
 * there an enterprise that configured none gets it, with a fresh random key (stored, so that signatures
 * made now verify later and on other processes); elsewhere a stored test gateway is not used.
 */
export async function gatewayOf(
  db: Db | Tx,
  enterpriseId: string,
  testGateway: boolean,
): Promise<GatewayConfig | null> {
  const find = () => db.select().from(paymentGateways).where(eq(paymentGateways.enterprise_id, enterpriseId));
  let [row] = await find();
  if (!row && testGateway) {
    await db
      .insert(paymentGateways)
      .values({
        enterprise_id: enterpriseId,
        gateway: 'test',
        secret_key: randomBytes(32).toString('base64'),
      })
      .onConflictDoNothing();
    [row] = await find();
  }
  if (!row || (row.gateway === 'test' && !testGateway)) return null;
  return { kind: row.gateway as PaymentGatewayKind, settings: row.settings, secretKey: row.secret_key };
}

/** The enterprise's card gateway; a conflict, saying how to pay instead, when there is none. */
export async function cardGatewayOf(db: Db | Tx, enterpriseId: string, testGateway: boolean) {
  const config = await gatewayOf(db, enterpriseId, testGateway);
  if (!config) throw new AppError('conflict', paymentMessages.noCardPayments);
  return config;
}

/**
 * The key an answer is signed with. CyberSource signs both directions with the profile's one secret
 * key; the local test gateway signs its answers with a key derived from it, so that nothing signed as
 * a request could verify as one of its answers even if the structural rules failed.
 */
export const answerKeyOf = (config: GatewayConfig): string =>
  config.kind === 'test'
    ? createHmac('sha256', config.secretKey).update('licensure test gateway answers v1').digest('base64')
    : config.secretKey;

/** What the payment screen may know of the gateway. */
export function attributesOf(config: GatewayConfig): PaymentAttributes {
  const s = config.settings;
  return {
    gateway: config.kind,
    currency: s.currency ?? 'USD',
    checkout_url:
      config.kind === 'test'
        ? TEST_GATEWAY_PATH
        : config.kind === 'cybersource'
          ? (s.checkout_url ?? CYBERSOURCE_TEST_URL)
          : (s.hosted_url ?? ''),
    profile_id: s.profile_id ?? null,
    access_key: s.access_key ?? null,
    locale: s.locale ?? 'en-us',
  };
}

/** Cents as the gateways write amounts: 12345 -> "123.45". */
export const gatewayAmount = (cents: number) => (cents / 100).toFixed(2);
/** "123.45" -> 12345; NaN for anything else. */
export const centsOf = (amount: string | undefined) =>
  amount && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;
