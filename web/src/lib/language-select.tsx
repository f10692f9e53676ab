import { LANGUAGE_NAMES, region } from '../../../common/region.ts';
import { type Lang, setLang, t, useLang } from './i18n.ts';

export function LanguageSelect() {
  const lang = useLang();
  return (
    <>
      <label for="language" class="visually-hidden">
        {t('nav.language')}
      </label>
      <select
        id="language"
        class="language"
        value={lang}
        onChange={(e) => setLang(e.currentTarget.value as Lang)}
      >
        {region().languages.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </>
  );
}
