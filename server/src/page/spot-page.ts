import { createHash } from 'node:crypto';
import type { Spot } from '../../../common/api.ts';
import { MAX_ID } from '../../../common/domain.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { region } from '../../../common/region.ts';
import { en } from '../../../common/words/en.ts';
import { CARD } from './share-card.ts';

/** The part of the built page's <head> that a shared spot replaces with its own. */
const HEAD = /<!-- page-head -->[\s\S]*?<!-- \/page-head -->/;

const site = (country = region().name) => ({
  title: `Hatari: danger spots in ${country}`,
  description: `A public map of dangerous places in ${country}. Report a spot, confirm it, and check a route before you go.`,
});

/** A spot id from an address (`/spots/12`, `?spot=12`): a whole number in the id range, or undefined. */
export function spotIdFrom(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

/** What a card shows; a changed spot gets a new card address, so caches never show the old one. */
export const cardVersion = (s: Pick<Spot, 'title' | 'area' | 'severity' | 'category' | 'time_of_day'>) =>
  createHash('sha1')
    .update(JSON.stringify([s.title, s.area, s.severity, s.category, s.time_of_day]))
    .digest('base64url')
    .slice(0, 10);

const meta = (attr: 'name' | 'property', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/** The site's own head: its title, description and a preview with the app icon. */
export function siteHead(origin: string): string {
  const { title, description } = site();
  return [
    `<title>${title}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Hatari'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:image', `${origin}/icon-512.png`),
    meta('name', 'twitter:card', 'summary'),
  ].join('\n');
}

/**
 * A shared spot's head: its title and a one-line description for the tab and search results, the
 * Open Graph and Twitter tags link previews read (with the share card), and the spot itself as
 * JSON, so the page shows it at once without asking the API again.
 */
export function spotHead(spot: Spot, origin: string): string {
  const severity = en[`severity.${spot.severity}` as 'severity.1'];
  const where = spot.area ? `${spot.area}. ` : '';
  const description = `${where}Severity ${spot.severity} of 5: ${severity}. ${en[`category.${spot.category}`]}, ${en[`time.${spot.time_of_day}`].toLowerCase()}. ${spot.confirmations} still dangerous, ${spot.denials} not anymore.`;
  const url = `${origin}/spots/${spot.id}`;
  const image = `${url}/card.png?v=${cardVersion(spot)}`;
  const title = `${spot.title} · Hatari`;
  const json = JSON.stringify(spot).replace(/</g, '\\u003c');
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', 'Hatari'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD.width)),
    meta('property', 'og:image:height', String(CARD.height)),
    meta('property', 'og:image:alt', `${spot.title}: severity ${spot.severity} of 5 on the Hatari map`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/json" id="hatari-spot">${json}</script>`,
  ].join('\n');
}

/** The page's placeholder until its script runs (index.html). */
const BOOT = /<p class="boot">[^<]*<\/p>/;

/**
 * What a shared link shows before the page's script has run: the spot's title and description, as
 * the sheet then shows them, so a phone on a slow connection reads the danger at once (and its
 * largest paint is early). The script replaces it.
 */
export const withPreview = (page: string, spot: Spot) =>
  page.replace(
    BOOT,
    () =>
      `<article class="boot boot-spot"><h1>${escapeHtml(spot.title)}</h1>` +
      (spot.area ? `<p>${escapeHtml(spot.area)}</p>` : '') +
      (spot.description ? `<p class="description">${escapeHtml(spot.description)}</p>` : '') +
      '</article>',
  );

/** The built page with another head block. */
export const withHead = (page: string, head: string) =>
  page.replace(HEAD, () => `<!-- page-head -->\n${head}\n<!-- /page-head -->`);
