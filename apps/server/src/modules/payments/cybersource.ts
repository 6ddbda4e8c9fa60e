import { signedDateTime, signRequest } from './cybersource-sign';
import { attributesOf, gatewayAmount, type PaymentGateway } from './gateway';

/**
 * CyberSource Secure Acceptance hosted checkout, and the local test gateway that signs exactly like it:
 * the browser posts these signed fields to the hosted page, which returns a signed answer to the receipt.
 */
export const secureAcceptance: PaymentGateway = {
  kind: 'cybersource',
  async start(config, { transaction, attemptId, receiptUrl }) {
    const attrs = attributesOf(config);
    const fields: Record<string, string> = {
      access_key: attrs.access_key ?? 'test-access-key',
      profile_id: attrs.profile_id ?? 'test-profile',
      transaction_uuid: attemptId,
      signed_date_time: signedDateTime(),
      locale: attrs.locale,
      transaction_type: 'sale',
      reference_number: transaction.id,
      amount: gatewayAmount(transaction.amount_cents),
      currency: attrs.currency,
      override_custom_receipt_page: receiptUrl,
    };
    return { url: attrs.checkout_url, fields: signRequest(fields, config.secretKey) };
  },
};
