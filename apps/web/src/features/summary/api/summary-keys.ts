// Query keys of the summary page's own reads (the pledge, its campaign and the user are shared:
// lib/queries), in one place so a cancel can drop them all.
export const summaryKeys = {
  all: ['summary'] as const,
  payments: () => ['summary', 'payments'] as const,
  recipient: (id: number) => ['summary', 'recipient', id] as const,
  paymentMethod: (id: number) => ['summary', 'payment-method', id] as const,
};
