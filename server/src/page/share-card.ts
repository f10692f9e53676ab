import { createRequire } from 'node:module';
import path from 'node:path';
import type { Spot } from '../../../common/api.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { region } from '../../../common/region.ts';
import { en } from '../../../common/words/en.ts';

/** The size link previews expect (WhatsApp, Facebook, X): 1.91:1. */
export const CARD = { width: 1200, height: 630 } as const;

/** The page's severity colours (web/src/styles/base.css), from mild to deadly. */
const SEVERITY_COLOURS = ['#f2c744', '#f39c34', '#e4662c', '#c8321f', '#7a0d0d'] as const;

const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONTS = {
  fontFiles: [path.join(FONT_DIR, 'DejaVuSans.ttf'), path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')],
  loadSystemFonts: false,
  defaultFontFamily: 'DejaVu Sans',
};

/**
 * Breaks text into at most `lines` lines of about `perLine` characters, at spaces where it can; the
 * last line ends in "…" when the text does not fit. (DejaVu Sans has no exact metrics here: the
 * widths are estimates, erring on the short side.)
 */
export function wrap(text: string, perLine: number, lines: number): string[] {
  const out: string[] = [];
  let rest = text.replace(/\s+/g, ' ').trim();
  while (rest && out.length < lines) {
    if (rest.length <= perLine) {
      out.push(rest);
      rest = '';
      break;
    }
    const space = rest.lastIndexOf(' ', perLine);
    const cut = space > perLine / 2 ? space : perLine;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest && out.length)
    out[out.length - 1] = `${(out[out.length - 1] ?? '').slice(0, perLine - 1).trimEnd()}…`;
  return out;
}

export type CardSpot = Pick<Spot, 'title' | 'area' | 'severity' | 'category' | 'time_of_day'>;

/** The card as SVG: the spot's title, area and severity beside a map-like panel with its marker. */
export function shareCardSvg(spot: CardSpot): string {
  const colour = SEVERITY_COLOURS[spot.severity - 1] ?? SEVERITY_COLOURS[4];
  const title = wrap(spot.title, 22, 3);
  const titleSize = title.length > 2 ? 50 : 58;
  const titleTop = 190;
  const titleLines = title
    .map((line, i) => `<tspan x="64" y="${titleTop + i * titleSize * 1.18}">${escapeHtml(line)}</tspan>`)
    .join('');
  const afterTitle = titleTop + (title.length - 1) * titleSize * 1.18 + 62;
  const area = spot.area ? wrap(spot.area, 34, 1)[0] : undefined;
  const severity = `${spot.severity}/5 · ${en[`severity.${spot.severity}` as 'severity.1']}`;
  const facts = `${en[`category.${spot.category}`]} · ${en[`time.${spot.time_of_day}`]}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">
<rect width="1200" height="630" fill="#ffffff"/>
<g>
  <rect x="760" width="440" height="630" fill="#efe9dc"/>
  <path d="M760 120 C 880 160 960 90 1200 150" stroke="#ffffff" stroke-width="18" fill="none"/>
  <path d="M900 0 C 930 200 1010 330 980 630" stroke="#ffffff" stroke-width="22" fill="none"/>
  <path d="M760 470 C 900 430 1050 520 1200 470" stroke="#f6d27a" stroke-width="14" fill="none"/>
  <path d="M1080 0 L 1120 630" stroke="#ffffff" stroke-width="10" fill="none"/>
  <path d="M1120 560 C 1150 520 1200 530 1200 530 L 1200 630 L 1090 630 Z" fill="#b9d7ea"/>
  <circle cx="980" cy="330" r="92" fill="${colour}" fill-opacity="0.18"/>
  <path d="M980 372 C 948 330 926 306 926 276 A 54 54 0 1 1 1034 276 C 1034 306 1012 330 980 372 Z" fill="${colour}" stroke="#ffffff" stroke-width="6"/>
  <circle cx="980" cy="276" r="20" fill="#ffffff"/>
</g>
<rect x="0" y="0" width="14" height="630" fill="${colour}"/>
<text x="64" y="92" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#b3261e" letter-spacing="2">HATARI</text>
<text x="214" y="92" font-family="DejaVu Sans" font-size="26" fill="#5b6570">danger map of ${escapeHtml(region().name)}</text>
<text font-family="DejaVu Sans" font-weight="bold" font-size="${titleSize}" fill="#1d232a">${titleLines}</text>
${area ? `<text x="64" y="${afterTitle}" font-family="DejaVu Sans" font-size="34" fill="#3d4650">${escapeHtml(area)}</text>` : ''}
<rect x="64" y="${afterTitle + (area ? 38 : -20)}" width="640" height="64" rx="32" fill="${colour}"/>
<text x="92" y="${afterTitle + (area ? 80 : 22)}" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="${spot.severity <= 2 ? '#1d232a' : '#ffffff'}">${escapeHtml(wrap(severity, 36, 1)[0] ?? '')}</text>
<text x="64" y="576" font-family="DejaVu Sans" font-size="28" fill="#5b6570">${escapeHtml(wrap(facts, 42, 1)[0] ?? '')}</text>
</svg>`;
}

/**
 * The card as a PNG, rendered off the event loop (resvg in libuv's thread pool). resvg is loaded
 * with the first card: until then its native library and threads take no memory (3 MB). Its loader
 * asks for a diagnostic report, which server.ts keeps from looking up connected phones' names.
 */
export async function renderShareCard(spot: CardSpot): Promise<Buffer> {
  const svg = shareCardSvg(spot);
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(svg, { font: FONTS, fitTo: { mode: 'original' } });
  return image.asPng();
}
