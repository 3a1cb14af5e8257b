// The charities module's charities operations other modules use.
// Queries other modules use, published as they are.
export { listCampaignRecipients } from './charities.repository.ts';
