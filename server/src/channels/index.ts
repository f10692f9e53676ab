/**
 * What other features may use of the phone channels: the SMS alerts of a spot made public, and the
 * outbox's backlog for the metrics.
 */
export { queueAlerts } from './alerts.ts';
export { outboxBacklog } from './outbox.sql.ts';
