/** The site's settings, as every feature reads and moderators write them. */
export {
  readSiteSettings,
  type SiteSettings,
  writeSiteSettings,
} from './settings.service.ts';
