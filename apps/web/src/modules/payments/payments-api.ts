import type {
  BasketTotals,
  FinanceReport,
  ListResult,
  PayableRequests,
  PaymentAttributes,
  PaymentInput,
  SessionDataForPayment,
  SignedForm,
  TransactionOutput,
  VoucherIssueInput,
  VoucherOutput,
} from '@licensure/contracts';
import { api, buildUrl, type QueryValue } from '../../platform/api/client';

export interface PaymentOption {
  value: string;
  label: string;
}

export const PAYMENTS_BASE = '/staff/payments';

export const paymentsKeys = {
  all: ['payments'] as const,
  session: () => ['payments', 'session'] as const,
  totals: (items: readonly string[]) => ['payments', 'totals', [...items].sort().join(',')] as const,
  attributes: () => ['payments', 'attributes'] as const,
  methods: () => ['payments', 'methods'] as const,
  vouchers: () => ['payments', 'vouchers'] as const,
  issued: (query: Record<string, QueryValue>) => ['payments', 'issued', query] as const,
  transaction: (id: string) => ['payments', 'transaction', id] as const,
  transactions: (query: Record<string, QueryValue>) => ['payments', 'transactions', query] as const,
  report: (query: Record<string, QueryValue>) => ['payments', 'report', query] as const,
};

export const paymentsApi = {
  session: (signal?: AbortSignal) =>
    api.get<SessionDataForPayment>('/api/GetSessionDataForPayment', { signal }),
  totals: (items: readonly string[], signal?: AbortSignal) =>
    api.get<BasketTotals>('/api/GetLicenseRequestTotals', { query: { items: items.join(',') }, signal }),
  attributes: (signal?: AbortSignal) => api.get<PaymentAttributes>('/api/getAttributes', { signal }),
  methods: (signal?: AbortSignal) => api.get<PaymentOption[]>('/api/getPaymentMethods', { signal }),
  vouchers: (signal?: AbortSignal) =>
    api.get<VoucherOutput[]>('/api/VoucherPay/ExistingVouchers', { signal }),
  /** Opens a pending payment of the basket and answers the signed form to post to the hosted page. */
  preSave: (items: readonly string[], idempotencyKey: string) =>
    api.post<SignedForm>('/api/preSaveCyberSource', { args: { items, idempotency_key: idempotencyKey } }),
  elavonPay: (items: readonly string[], idempotencyKey: string) =>
    api.post<{ url: string; transaction_id: string }>('/api/elavon/pay', {
      payment: { items, idempotency_key: idempotencyKey },
    }),
  saveVoucher: (requestId: string, code: string) =>
    api.post<VoucherOutput>(`/api/VoucherPay/SaveElement/${requestId}`, { voucher: { code } }),
  chargeVoucher: (requestId: string, code: string) =>
    api.post<VoucherOutput>(`/api/VoucherPay/LicenseVoucherCharge/${requestId}`, { voucher: { code } }),
  transaction: (id: string, signal?: AbortSignal) =>
    api.get<TransactionOutput>(`/api/transactions/${id}`, { signal }),
  transactions: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ListResult<TransactionOutput>>('/api/transactions', { query, signal }),
  /** A person's requests that still owe money (staff recording a payment). */
  payable: (userId: string, signal?: AbortSignal) =>
    api.get<PayableRequests>('/api/payments/payable', { query: { user_id: userId }, signal }),
  /** Vouchers staff issued, newest first. */
  issued: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ListResult<VoucherOutput>>('/api/vouchers', { query, signal }),
  issueVoucher: (voucher: Partial<VoucherIssueInput>) =>
    api.post<{ id: string }>('/api/vouchers', { voucher }),
  setVoucherActive: (id: string, active: boolean) =>
    api.put<VoucherOutput>(`/api/vouchers/${id}`, { voucher: { active } }),
  record: (payment: PaymentInput) => api.post<TransactionOutput>('/api/directPayment', { payment }),
  refund: (id: string, refund: { amount_cents?: number; reason: string; idempotency_key: string }) =>
    api.post<TransactionOutput>(`/api/transactions/${id}/refund`, { refund }),
  report: (query: { from: string; to: string; method?: string }, signal?: AbortSignal) =>
    api.get<FinanceReport>('/api/payments/financeReport', { query, signal }),
  reportXlsxUrl: (query: { from: string; to: string; method?: string }) =>
    buildUrl('/api/payments/financeReport/xlsx', query),
};
