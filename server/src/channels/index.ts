/**
 * What other features may use of the phone channels: the SMS alerts of a spot made public (and how
 * many went in the last hour), and the outbox's backlog for the metrics.
 */
export { alertsInHour } from './alerts.sql.ts';
export { queueAlerts } from './alerts.ts';
export { outboxBacklog } from './outbox.sql.ts';
