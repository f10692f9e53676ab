import { EMERGENCY_LINES } from '../../../common/domain.ts';
import { t } from '../lib/i18n.ts';

/** Uganda's emergency lines as `tel:` links, which open the phone's dialler with the number filled in. */
export function SosPanel() {
  return (
    <div class="sos">
      <p>{t('sos.intro')}</p>
      <ul class="sos-lines">
        {EMERGENCY_LINES.map((line) => (
          <li key={line.number}>
            <a class="button sos-call" href={`tel:${line.number}`}>
              <strong>{'shown' in line ? line.shown : line.number}</strong>
              <span>{t(`sos.${line.label}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
