// The campaigns module's campaigns operations other modules use.
// Queries other modules use, published as they are.
export { MAX_SERIAL_ID, findCampaignById, findClosestCampaign, requireClosestCampaign, toCampaignJson } from './campaigns.repository.ts';
