import { region } from '../../../../common/region.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The region's emergency lines as `tel:` links, which open the phone's dialler with the number filled
 * in; each says whether it is free (the one list in the region module says which are).
 */
export function SosPanel() {
  return (
    <div class="sos">
      <p>{t('sos.intro')}</p>
      <ul class="sos-lines">
        {region().emergency.map((line) => (
          <li key={line.number}>
            <a class="button sos-call" href={`tel:${line.number}`}>
              <strong>{line.shown ?? line.number}</strong>
              <span>
                {t(`sos.${line.label}`)}
                <small class={line.free ? 'sos-free' : 'sos-paid'}>
                  {' '}
                  · {t(line.free ? 'sos.free' : 'sos.paid')}
                </small>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
