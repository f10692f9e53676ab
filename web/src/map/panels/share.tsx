import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { spotPath } from '../page/shared-link.ts';

const spotLink = (id: number) => `${location.origin}${spotPath(id)}`;

/** Share a spot as a link: the phone's share sheet where there is one, WhatsApp and copy otherwise. */
export function ShareButtons({ spot }: { spot: Spot }) {
  const [copied, setCopied] = useState(false);
  const url = spotLink(spot.id);
  const text = t('share.text', { title: spot.title });
  const canShare = typeof navigator.share === 'function';
  return (
    <fieldset class="share">
      <legend class="visually-hidden">{t('share.label')}</legend>
      {canShare ? (
        <button
          type="button"
          class="secondary"
          onClick={() => navigator.share({ title: spot.title, text, url }).catch(() => {})}
        >
          {t('share.button')}
        </button>
      ) : (
        <a
          class="button secondary"
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('share.whatsapp')}
        </a>
      )}
      <button
        type="button"
        class="secondary"
        onClick={() =>
          navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('share.copied') : t('share.copy')}
      </button>
    </fieldset>
  );
}
