import { Feed } from 'feed';
import type { Spot } from '../../../common/api.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { region } from '../../../common/region.ts';
import { en } from '../../../common/words/en.ts';
import type { Db } from '../db/db.ts';
import { DATA_LICENCE, newestPublicSpots } from '../spots/index.ts';
import { FEED_ENTRIES, type FeedQuery } from './feeds.schema.ts';

export type FeedFormat = 'atom' | 'rss';

/** A feed's spots: the newest public ones in its area, verified ones only when asked. */
export function feedSpots(db: Db, q: FeedQuery): Promise<Spot[]> {
  return newestPublicSpots(
    db,
    {
      bbox: q.bbox,
      near: q.near && { ...q.near, radiusM: q.radius },
      verifiedOnly: q.verified === '1' || q.verified === 'true',
    },
    FEED_ENTRIES,
  );
}

/**
 * Atom 1.0 or RSS 2.0 of new public spots (the `feed` library writes and escapes the XML): each
 * entry the spot's page, its category, severity, hours and how sure the map is of it, in the page's
 * English words. `origin` is the site's absolute address (PUBLIC_URL); `self` the feed's own.
 */
export function feedXml(spots: Spot[], format: FeedFormat, origin: string, self: string, verified: boolean) {
  const feed = new Feed({
    id: self,
    title: `Hatari: ${verified ? 'verified ' : ''}danger spots in ${region().name}`,
    description: `New public danger spots reported on Hatari${verified ? ', verified by moderators' : ''}.`,
    link: `${origin}/`,
    language: 'en',
    updated: spots[0] ? new Date(spots[0].created_at) : new Date(0),
    generator: 'Hatari',
    feedLinks: { [format]: self },
    copyright: `${DATA_LICENCE.attribution}, ${DATA_LICENCE.name} (${DATA_LICENCE.url})`,
  });
  for (const spot of spots) {
    const link = `${origin}/spots/${spot.id}`;
    const facts = [
      en[`category.${spot.category}`],
      `severity ${spot.severity} of 5 (${en[`severity.${spot.severity}` as keyof typeof en]})`,
      en[`time.${spot.time_of_day}`].toLowerCase(),
      `confidence ${spot.confidence} of 10`,
      spot.moderator_verified ? 'verified by moderators' : undefined,
      spot.area || undefined,
    ].filter(Boolean);
    // The library writes titles and summaries as HTML (type="html"): user text is escaped into it,
    // so a reader shows it as the text it is.
    feed.addItem({
      title: escapeHtml(spot.title),
      id: link,
      link,
      date: new Date(spot.created_at),
      description: escapeHtml([facts.join(' · '), spot.description].filter(Boolean).join('. ')),
      category: [{ name: en[`category.${spot.category}`], term: spot.category }],
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}
