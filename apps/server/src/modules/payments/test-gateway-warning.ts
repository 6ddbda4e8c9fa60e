import type { Logger } from 'pino';
import type { Config } from '../../config';

/**
 * In production the local test gateway takes "payments" that move no money: PAYMENT_TEST_GATEWAY=true
 * there is logged as a warning at start, so whoever reads the log sees it. True when it warned.
 */
export function warnTestGatewayInProduction(
  config: Pick<Config, 'NODE_ENV' | 'paymentTestGateway'>,
  log: Pick<Logger, 'warn'>,
): boolean {
  if (config.NODE_ENV !== 'production' || !config.paymentTestGateway) return false;
  log.warn(
    { PAYMENT_TEST_GATEWAY: true },
    'PAYMENT_TEST_GATEWAY is on in production: card payments go through the local test gateway and no money is taken',
  );
  return true;
}
