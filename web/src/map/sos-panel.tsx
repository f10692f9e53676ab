import { t } from '../lib/i18n.ts';

/** Uganda's emergency lines. `tel:` links open the phone's dialler with the number filled in. */
const LINES = [
  { number: '999', label: 'sos.police' },
  { number: '112', label: 'sos.emergency' },
  { number: '0800199399', shown: '0800 199 399', label: 'sos.callCentre' },
  { number: '+256779999999', shown: '+256 779 999 999', label: 'sos.policeMobile' },
] as const;

export function SosPanel() {
  return (
    <div class="sos">
      <p>{t('sos.intro')}</p>
      <ul class="sos-lines">
        {LINES.map((line) => (
          <li key={line.number}>
            <a class="button sos-call" href={`tel:${line.number}`}>
              <strong>{'shown' in line ? line.shown : line.number}</strong>
              <span>{t(line.label)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
