import { LANGUAGES, type Lang, setLang, t, useLang } from './i18n.ts';

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
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
}
