// The pledges module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { calendarFor, findPledge, mailAttachmentDrawer, ownerOfPledge, paidPaymentCount, pledgeProgressFacts, receiptFactsFor, receiptToDraw } from './pledge-documents.service.ts';
export { cancelRemainingForErasure } from './pledges.erasure.ts';
export { default as pledgeRoutes } from './pledges.routes.ts';
export { pledgeErrors } from './pledges.errors.ts';
export { createPendingPledge, findClosestPledge, setCardOfConfirmedPledges } from './pledges.service.ts';
