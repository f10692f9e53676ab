import L from 'leaflet';
import { escapeHtml } from '../../../common/escape-html.ts';
import type { PageSettings } from '../../../common/page-settings.ts';
import type { BackgroundState } from './basemap.ts';

/**
 * The map's background: the site's vector basemap (in its own chunk, loaded once the page has
 * drawn, labels in the page's language), else raster tiles where TILE_URL is set, else none: the
 * dangers on a plain ground, and the page says why. `onState` hears whether it shows.
 */
export class MapBackground {
  private readonly map: L.Map;
  private readonly settings: PageSettings;
  private readonly onState: (state: BackgroundState | 'none') => void;
  private readonly attribution: string;
  private layer: L.Layer | undefined;
  private lang: string | undefined;
  private failedAt = 0;

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
      this.layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: this.attribution })
        .on('tileerror', () => this.state('failing'))
        .on('tileload', () => this.state('ok'))
        .addTo(this.map);
    } else {
      this.map.getContainer().classList.add('no-background');
      this.onState('none');
    }
  }

  /**
   * A view whose tiles partly came (an area kept offline, the rest not) still lacks background:
   * it is well again only after a tile arrives with no failure in the two seconds before.
   */
  private state(state: BackgroundState) {
    const now = Date.now();
    if (state === 'failing') this.failedAt = now;
    else if (now - this.failedAt < 2000) return;
    this.onState(state);
  }
}
