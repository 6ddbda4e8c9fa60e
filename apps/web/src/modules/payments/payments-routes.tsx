import type { RouteObject } from 'react-router';
import { lazyPage } from '../../platform/routing/lazy-page';

/** Routes below `/portal`: the checkout and a payment's receipt. */
export const paymentsPortalRoutes: RouteObject[] = [
  {
    path: 'payments/checkout',
    ...lazyPage(() => import('./portal-checkout-page').then((m) => m.PortalCheckoutPage)),
  },
  {
    path: 'payments/receipt/:id',
    ...lazyPage(() => import('./portal-receipt-page').then((m) => m.PortalReceiptPage)),
  },
];

/** The portal navigation entry of the checkout. */
export const paymentsPortalNav = { to: '/portal/payments/checkout', label: 'Fees to pay' } as const;

/** Routes below `/staff`: the ledger, one transaction, recording an offline payment, the finance report. */
export const paymentsStaffRoutes: RouteObject[] = [
  {
    path: 'payments',
    ...lazyPage(() => import('./staff-transactions-page').then((m) => m.StaffTransactionsPage)),
  },
  {
    path: 'payments/record',
    ...lazyPage(() => import('./staff-record-payment-page').then((m) => m.StaffRecordPaymentPage)),
  },
  {
    path: 'payments/vouchers',
    ...lazyPage(() => import('./staff-vouchers-page').then((m) => m.StaffVouchersPage)),
  },
  {
    path: 'payments/report',
    ...lazyPage(() => import('./staff-finance-report-page').then((m) => m.StaffFinanceReportPage)),
  },
  {
    path: 'payments/:id',
    ...lazyPage(() => import('./staff-transaction-page').then((m) => m.StaffTransactionPage)),
  },
];
