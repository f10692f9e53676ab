import L from 'leaflet';
import { escapeHtml } from '../../../../common/escape-html.ts';
import type { PageSettings } from '../../../../common/page-settings.ts';
import { region } from '../../../../common/region.ts';
import type { BackgroundState } from './basemap.ts';

/** How close the map may zoom. */
export const MAX_ZOOM = 19;

/**
 * How close a map may zoom while no background has ever shown: close enough to tell spots apart,
 * far enough that a town's or an area's name or a lake's shore is likely in sight.
 */
const OUTLINE_MAX_ZOOM = 14;

/**
 * The map's background: the site's vector basemap (in its own chunk, loaded once the page has
 * drawn, labels in the page's language), else raster tiles where TILE_URL is set, else none: the
 * dangers on a plain ground, and the page says why. `onState` hears whether it shows. Where none
 * shows, the region's outline does (border, lakes, towns: region-outline.ts), and until a
 * background has shown once the map zooms no closer than OUTLINE_MAX_ZOOM.
 */
export class MapBackground {
  private readonly map: L.Map;
  private readonly settings: PageSettings;
  private readonly onState: (state: BackgroundState | 'none') => void;
  private readonly attribution: string;
  private layer: L.Layer | undefined;
  private lang: string | undefined;
  private failedAt = 0;
  private recheck: ReturnType<typeof setTimeout> | undefined;
  private everShown = false;
  private outline: 'wanted' | 'unwanted' = 'unwanted';
  private removeOutline: (() => void) | undefined;

  constructor(
    map: L.Map,
    settings: PageSettings,
    onState: (state: BackgroundState | 'none') => void,
    lang: string,
  ) {
    this.map = map;
    this.settings = settings;
    this.onState = onState;
    map.attributionControl.setPrefix(false);
    const osm =
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
    const credit = settings.basemap?.attribution ?? settings.tileAttribution;
    this.attribution = [osm, credit ? escapeHtml(credit) : ''].filter(Boolean).join(' · ');
    // Raster and vector layers carry it themselves.
    if (!settings.basemap && !settings.tileUrl) map.attributionControl.addAttribution(this.attribution);
    this.show(lang);
  }

  /** Redraws the background's labels in another language (the vector basemap's only). */
  setLanguage(lang: string) {
    if (this.settings.basemap && lang !== this.lang) this.show(lang);
  }

  private show(lang: string) {
    const { basemap, tileUrl } = this.settings;
    this.lang = lang;
    if (basemap) {
      void import('./basemap.ts').then(({ basemapLayer }) => {
        if (this.lang !== lang) return;
        this.layer?.remove();
        this.layer = basemapLayer(basemap, lang, this.attribution, (state) => this.state(state));
        this.layer.addTo(this.map);
      });
    } else if (tileUrl) {
      this.layer = L.tileLayer(tileUrl, { maxZoom: MAX_ZOOM, attribution: this.attribution })
        .on('tileerror', () => this.state('failing'))
        .on('tileload', () => this.state('ok'))
        .addTo(this.map);
    } else {
      this.map.getContainer().classList.add('no-background');
      this.tell('none');
    }
  }

  /**
   * A view whose tiles partly came (an area kept offline, the rest not) still lacks background:
   * it is well again once a tile has arrived and two seconds have passed with no failure (told
   * then, even when no tile comes after).
   */
  private state(state: BackgroundState) {
    const now = Date.now();
    clearTimeout(this.recheck);
    if (state === 'failing') {
      this.failedAt = now;
      this.tell('failing');
      return;
    }
    const wait = this.failedAt + 2000 - now;
    if (wait > 0) this.recheck = setTimeout(() => this.tell('ok'), wait);
    else this.tell('ok');
  }

  private tell(state: BackgroundState | 'none') {
    if (state === 'ok' && !this.everShown) {
      this.everShown = true;
      this.map.setMaxZoom(MAX_ZOOM);
    } else if (state !== 'ok' && !this.everShown) this.map.setMaxZoom(OUTLINE_MAX_ZOOM);
    this.showOutline(state !== 'ok');
    this.onState(state);
  }

  private showOutline(wanted: boolean) {
    const was = this.outline;
    this.outline = wanted ? 'wanted' : 'unwanted';
    if (!wanted) {
      this.removeOutline?.();
      this.removeOutline = undefined;
    } else if (was === 'unwanted' && !this.removeOutline)
      void import('./region-outline.ts').then(async ({ loadOutline, drawOutline }) => {
        const outline = await loadOutline(region().id);
        if (outline && this.outline === 'wanted' && !this.removeOutline)
          this.removeOutline = drawOutline(this.map, outline);
      });
  }
}
