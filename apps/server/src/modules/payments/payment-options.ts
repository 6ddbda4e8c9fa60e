import { paymentMethodLabels } from '@licensure/contracts';
import type { AuthContext } from '../../platform/auth/context';
import type { GatewayConfig } from './gateway';

type Option = { value: string; label: string };

/** CyberSource's echeck_account_type codes. */
export const checkingAccountTypes: Option[] = [
  { value: 'C', label: 'Checking' },
  { value: 'S', label: 'Savings' },
  { value: 'X', label: 'Corporate checking' },
  { value: 'G', label: 'General ledger' },
];

/** CyberSource's card_type codes of the cards taken. */
export const creditCardTypes: Option[] = [
  { value: '001', label: 'Visa' },
  { value: '002', label: 'Mastercard' },
  { value: '003', label: 'American Express' },
  { value: '004', label: 'Discover' },
];

export const debitCardTypes: Option[] = [
  { value: '001', label: 'Visa debit' },
  { value: '002', label: 'Mastercard debit' },
];

/**
 * The enterprise's card gateway (when it has one) and vouchers for everyone; offline methods for staff
 * who record payments.
 */
export function paymentOptionsFor(
  _what: 'methods',
  auth: AuthContext,
  config: GatewayConfig | null,
): Option[] {
  const methods: Option[] = [
    ...(config ? [{ value: config.kind, label: paymentMethodLabels[config.kind] }] : []),
    { value: 'voucher', label: paymentMethodLabels.voucher },
  ];
  if (auth.permissions.has('payments.write'))
    for (const m of ['check', 'money_order', 'cash', 'direct'] as const)
      methods.push({ value: m, label: paymentMethodLabels[m] });
  return methods;
}
