/**
 * What other features may use of the channels: the SMS alerts of a spot made public (and how many
 * went in the last hour), partners' webhook events of a spot, and the outbox's backlog for the
 * metrics.
 */
export { alertsInHour } from './alerts.sql.ts';
export { queueAlerts, watchedNearSql } from './alerts.ts';
export { outboxBacklog } from './outbox.sql.ts';
export {
  addPartnerWebhook,
  partnerWebhooks,
  queueSpotEvents,
  removePartnerWebhook,
  spotEventSql,
} from './webhooks.ts';
