import type { PageRegion } from './region.ts';

/**
 * The settings the server writes into the page (server/src/page/page.routes.ts), read by the page at
 * start (web/src/lib/page-config.ts).
 */
export interface PageSettings {
  /**
   * The vector background map served by this site (BASEMAP_PMTILES): its tiles' address, zooms and
   * attribution. Absent: no vector basemap.
   */
  basemap?: { tiles: string; minZoom: number; maxZoom: number; attribution: string };
  /** Raster tiles for the background where no basemap is served; empty for none. */
  tileUrl: string;
  tileAttribution?: string;
  region?: PageRegion;
  /** Where SMS is on and its number set (SMS_NUMBER): the number people text commands to. */
  sms?: { number: string };
}
