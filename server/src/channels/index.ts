/** What other features may use of the phone channels: the SMS alerts of a spot made public. */
export { queueAlerts } from './alerts.ts';
