import { type PageRegion, region, useRegion } from '../../../common/region.ts';

/**
 * Settings the server writes into the page (server/src/page/page-assets.ts): the map tiles to use,
 * and the region the server serves (its box, home, languages and emergency lines).
 */
export interface PageConfig {
  tileUrl: string;
  tileAttribution?: string;
  region?: PageRegion;
}

function readPageConfig(): PageConfig {
  const meta = document.querySelector('meta[name="hatari-config"]');
  try {
    const parsed = JSON.parse(meta?.getAttribute('content') || '{}') as Partial<PageConfig>;
    return { tileUrl: parsed.tileUrl ?? '', tileAttribution: parsed.tileAttribution, region: parsed.region };
  } catch {
    return { tileUrl: '' };
  }
}

/** Reads the page's settings and serves their region (the bundled default, Uganda, without one). */
export function startPage(): PageConfig {
  const config = readPageConfig();
  if (config.region) useRegion({ ...region(), ...config.region });
  return config;
}
