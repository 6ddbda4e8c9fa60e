import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resources/register';
import { registerCheckoutCount } from './checkout-count';
import { checkoutRoutes } from './checkout-routes';
import { payableRoutes } from './payable-routes';
import { paymentRoutes } from './payment-routes';
import { transactionResource } from './payments.resources';
import { receiptRoutes } from './receipt-routes';
import { voucherResource } from './vouchers.resources';

/**
 * Payments and vouchers: checkout through the enterprise's gateway (CyberSource Secure Acceptance,
 * Elavon, or the local test gateway), the receipt that records a gateway's answer once, offline
 * payments, refunds, vouchers, the transaction ledger and the finance report.
 */
export async function paymentsModule(app: FastifyInstance): Promise<void> {
  await checkoutRoutes(app);
  await receiptRoutes(app);
  await paymentRoutes(app);
  await payableRoutes(app);
  registerResource(app, transactionResource);
  registerResource(app, voucherResource);
  registerCheckoutCount();
}
