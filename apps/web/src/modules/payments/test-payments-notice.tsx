import { paymentMessages } from '@licensure/contracts';
import { Alert } from '@mantine/core';

/**
 * Shown on every payment page while payments go through the local test gateway (the demo, tests, or
 * production with PAYMENT_TEST_GATEWAY=true): nobody should think money was taken.
 */
export function TestPaymentsNotice() {
  return (
    <Alert color="yellow" title={paymentMessages.testPayments} role="note">
      Payments here go through the test gateway: no card is charged and no fee is really paid.
    </Alert>
  );
}
