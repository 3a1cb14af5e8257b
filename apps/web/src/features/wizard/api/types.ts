// The API's shapes the wizard reads are core's response schemas' types (z.infer), never written
// here. These names keep the wizard's imports short; import from core directly in new code.
export type { Campaign } from '@uplift/core/schemas/campaign';
export type { Challenge } from '@uplift/core/schemas/challenge';
export type { PaymentMethod, SetupSecretResponse as SetupSecret } from '@uplift/core/schemas/payment';
export type { ConfirmedPledgeResponse as ConfirmedPledge, Pledge, PledgeRequest as PledgeFigures } from '@uplift/core/schemas/pledge';
export type { Recipient } from '@uplift/core/schemas/recipient';
export type { PledgeStatus } from '@uplift/core/statuses';
