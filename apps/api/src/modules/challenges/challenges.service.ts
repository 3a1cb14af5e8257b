// The challenges module's challenges operations other modules use.
// Queries other modules use, published as they are.
export { listCampaignChallenges } from './challenges.repository.ts';
