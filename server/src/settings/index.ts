/** The site's settings, as every feature reads and moderators write them. */
export {
  readSiteSettings,
  type SiteSettings,
  settingSql,
  writeSiteSettings,
} from './settings.service.ts';
