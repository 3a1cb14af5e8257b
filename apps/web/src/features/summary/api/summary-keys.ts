// Query keys of the summary page, in one place so a cancel can drop them all.
export const summaryKeys = {
  all: ['summary'] as const,
  userInfo: () => ['summary', 'user-info'] as const,
  pledge: () => ['summary', 'pledge'] as const,
  campaign: () => ['summary', 'campaign'] as const,
  payments: () => ['summary', 'payments'] as const,
  recipient: (id: number) => ['summary', 'recipient', id] as const,
  challenge: (id: number) => ['summary', 'challenge', id] as const,
  paymentMethod: (id: number) => ['summary', 'payment-method', id] as const,
};
