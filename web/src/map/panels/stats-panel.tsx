import { useEffect, useState } from 'preact/hooks';
import { answer, client } from '../../lib/api.ts';
import { describeFailure } from '../../lib/failures.ts';
import { t } from '../../lib/i18n.ts';
import type { Stats } from '../../lib/types.ts';
import { Notice } from '../../lib/ui.tsx';

export function StatsPanel() {
  const [stats, setStats] = useState<Stats>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    void answer(client.GET('/api/stats')).then((res) =>
      res.ok ? setStats(res.data) : setError(res.status === 0 ? t('stats.offline') : describeFailure(res)),
    );
  }, []);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!stats) return <p class="muted">{t('common.loading')}</p>;
  const most = Math.max(1, ...stats.byCategory.map((c) => c.count));
  return (
    <div class="stats">
      <dl class="totals">
        {(['total', 'confirmed', 'unverified', 'this_week'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`stats.${k}`)}</dt>
            <dd>{stats.totals[k]}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('stats.byCategory')}</h3>
      <ul class="bars">
        {stats.byCategory.map((c) => (
          <li key={c.category}>
            <span>{t(`category.${c.category}`)}</span>
            <span class="bar" style={{ width: `${(c.count / most) * 100}%` }} />
            <span class="count">{c.count}</span>
          </li>
        ))}
      </ul>
      <h3>{t('stats.byConfidence')}</h3>
      <ul class="bars by-confidence">
        {(['likely', 'possible', 'unconfirmed'] as const).map((band) => (
          <li key={band}>
            <span>{t(`confidence.${band}`)}</span>
            <span
              class="bar"
              style={{ width: `${(stats.byConfidence[band] / Math.max(1, stats.totals.total)) * 100}%` }}
            />
            <span class="count">{stats.byConfidence[band]}</span>
          </li>
        ))}
      </ul>
      <h3>{t('stats.byArea')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('report.area')}</th>
            <th scope="col">{t('stats.spots')}</th>
            <th scope="col">{t('stats.worst')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.byArea.map((a) => (
            <tr key={a.area}>
              <td>{a.area}</td>
              <td>{a.count}</td>
              <td>
                <span class={`dot sev-${a.max_severity}`} aria-hidden="true" /> {a.max_severity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="open-data">
        {t('stats.openData')} <a href="/api/spots.geojson">GeoJSON</a> · <a href="/api/spots.csv">CSV</a> (
        <a href="https://opendatacommons.org/licenses/odbl/1-0/" target="_blank" rel="noopener noreferrer">
          ODbL
        </a>
        )
      </p>
    </div>
  );
}
