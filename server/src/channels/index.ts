/**
 * What other features may use of the channels: the SMS alerts of a spot made public (and how many
 * went in the last hour), partners' webhook events of a spot, the outbox's backlog for the
 * metrics, and moderators' pages with the phones and numbers they go to.
 */
export { alertsInHour } from './alerts.sql.ts';
export { queueAlerts, watchedNearSql } from './alerts.ts';
export { outboxBacklog } from './outbox.sql.ts';
export { keepModeratorPhone, queuePage } from './pages.ts';
export { normalisePhone } from './phone.ts';
export { dropModeratorPhone, moderatorPhonesSql } from './push.sql.ts';
export {
  addPartnerWebhook,
  partnerWebhooks,
  queueSpotEvents,
  removePartnerWebhook,
  spotEventSql,
} from './webhooks.ts';
