import type { PageSettings } from '../../../common/page-settings.ts';
import { region, useRegion } from '../../../common/region.ts';

function readPageConfig(): PageSettings {
  const meta = document.querySelector('meta[name="hatari-config"]');
  try {
    const parsed = JSON.parse(meta?.getAttribute('content') || '{}') as Partial<PageSettings>;
    return {
      basemap: parsed.basemap,
      tileUrl: parsed.tileUrl ?? '',
      tileAttribution: parsed.tileAttribution,
      region: parsed.region,
      sms: parsed.sms,
    };
  } catch {
    return { tileUrl: '' };
  }
}

let settings: PageSettings | undefined;
/** The page's settings, as the server wrote them into it. */
export const pageSettings = (): PageSettings => {
  settings ??= readPageConfig();
  return settings;
};

/** Reads the page's settings and serves their region (the bundled default, Uganda, without one). */
export function startPage(): PageSettings {
  const config = pageSettings();
  if (config.region) useRegion({ ...region(), ...config.region });
  return config;
}
