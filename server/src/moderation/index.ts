/** What the admin command may use of moderation: accounts and their rules. */
export { createUser, setPassword } from './auth.service.ts';
export { password, ROLES, username } from './moderation.schema.ts';
export { hashPassword } from './passwords.ts';
