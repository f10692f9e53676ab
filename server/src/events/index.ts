/** What other features use of the live stream: serving one of their own (the moderators'). */
export { serveStream } from './events.routes.ts';
