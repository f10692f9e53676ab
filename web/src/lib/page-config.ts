/** Settings the server writes into the page (see server/src/web): the map tiles to use. */
export interface PageConfig {
  tileUrl: string;
  tileAttribution?: string;
}

export function readPageConfig(): PageConfig {
  const meta = document.querySelector('meta[name="hatari-config"]');
  try {
    const parsed = JSON.parse(meta?.getAttribute('content') || '{}') as Partial<PageConfig>;
    return { tileUrl: parsed.tileUrl ?? '', tileAttribution: parsed.tileAttribution };
  } catch {
    return { tileUrl: '' };
  }
}
