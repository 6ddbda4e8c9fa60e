import type { Config } from '../../config';

/**
 * Settings a production server must not start with, each named with how to fix it. Checked at start
 * (main.ts) rather than in loadConfig, so tests can build a production app piece by piece.
 */
export function unsafeProductionSettings(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL is not set: links in mail, certificate verify links and SAML addresses need the public ' +
        'address. Set PUBLIC_URL=https://licensing.example.gov (the address users type).',
    );
  if (!config.secureCookies)
    problems.push(
      'SECURE_COOKIES is off: the session cookie would travel over plain HTTP. Remove SECURE_COOKIES=false ' +
        '(it is on by default in production) and serve the site over HTTPS.',
    );
  if (config.DATABASE_URL && !config.SSN_KEY)
    problems.push(
      'SSN_KEY is not set with DATABASE_URL: SSNs are encrypted with it, and several processes must share ' +
        "one key. Set SSN_KEY to base64 of 32 random bytes (node -e \"console.log(require('crypto')" +
        ".randomBytes(32).toString('base64'))\") and keep it in your secret store and backups.",
    );
  if (config.paymentTestGateway)
    problems.push(
      'PAYMENT_TEST_GATEWAY is on: enterprises without a card gateway would take test payments that move ' +
        'no money. Remove PAYMENT_TEST_GATEWAY (or set it to false) and configure a real gateway.',
    );
  return problems;
}

/** What a production server starts with but should not run long without. */
export function productionWarnings(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!config.METRICS_TOKEN && !config.METRICS_PORT)
    warnings.push('Neither METRICS_TOKEN nor METRICS_PORT is set: no /metrics for monitoring.');
  return warnings;
}

/** The message that stops a production start, listing every unsafe setting at once. */
export function unsafeSettingsMessage(problems: string[]): string {
  return [
    'Refusing to start in production (NODE_ENV=production) with unsafe settings:',
    ...problems.map((p) => `  - ${p}`),
  ].join('\n');
}
