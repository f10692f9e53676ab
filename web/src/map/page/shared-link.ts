import type { Spot } from '../../lib/types.ts';

/** A spot's own address: what is shared, and what the address bar shows while it is open. */
export const spotPath = (id: number) => `/spots/${id}`;

/** The spot an address opens: `/spots/12`, or the older `/?spot=12`. */
export function spotIdInAddress(): number | undefined {
  const fromPath = /^\/spots\/([1-9]\d{0,9})\/?$/.exec(location.pathname)?.[1];
  const id = Number(fromPath ?? new URLSearchParams(location.search).get('spot'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The spot the server wrote into a shared link's page, so the page shows it at once, before any
 * request; undefined when there is none (the site's own page) or it is not the addressed spot.
 */
export function embeddedSpot(id: number | undefined): Spot | undefined {
  const text = document.getElementById('hatari-spot')?.textContent;
  if (!text || id === undefined) return undefined;
  try {
    const spot = JSON.parse(text) as Spot;
    return spot.id === id ? spot : undefined;
  } catch {
    return undefined;
  }
}
