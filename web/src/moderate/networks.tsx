import { useState } from 'preact/hooks';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { formatDateTime } from '../lib/format.ts';
import { t, tn } from '../lib/i18n.ts';
import type { ModSpot, NetworkActivity } from '../lib/types.ts';
import { Notice, useBusy } from '../lib/ui.tsx';

const HOUR = 3600_000;
/** The periods a moderator may void a network's votes over, ending now. */
const PERIODS = [
  ['1h', HOUR],
  ['24h', 24 * HOUR],
  ['7d', 7 * 24 * HOUR],
] as const;

/**
 * A spot's votes and flags by network, loaded when opened: who sent how many, with how many user
 * agents, and whether it was a burst; and the actions that void one network.
 */
export function Networks({ spot, onChanged }: { spot: ModSpot; onChanged(s: ModSpot): void }) {
  const [networks, setNetworks] = useState<NetworkActivity[]>();
  const { busy, message, setMessage, run } = useBusy<{ kind: 'ok' | 'error'; text: string }>();

  async function load() {
    const res = await answer(
      client.GET('/api/mod/spots/{id}/networks', { params: { path: { id: String(spot.id) } } }),
    );
    if (res.ok) setNetworks(res.data.networks);
    else setMessage({ kind: 'error', text: describeFailure(res) });
  }

  async function voidOnSpot(n: NetworkActivity, what: 'votes' | 'flags') {
    const question =
      what === 'votes'
        ? tn('mod.net.confirmVoid.votes', n.voidable, { label: n.label })
        : tn('mod.net.confirmVoid.flags', n.open_flags, { label: n.label });
    if (!confirm(question)) return;
    const res = await run(() =>
      answer(
        client.POST('/api/mod/spots/{id}/void', {
          params: { path: { id: String(spot.id) } },
          body: { network: n.key, what },
        }),
      ),
    );
    if (!res) return;
    if (!res.ok) return setMessage({ kind: 'error', text: describeFailure(res) });
    onChanged(res.data.spot);
    setMessage({ kind: 'ok', text: tn(`mod.net.voided.${what}`, res.data.voided, { label: n.label }) });
    await load();
  }

  async function voidEverywhere(n: NetworkActivity, period: (typeof PERIODS)[number]) {
    if (!confirm(t('mod.net.confirmVoidAll', { label: n.label, period: t(`mod.net.period.${period[0]}`) })))
      return;
    const to = new Date();
    const res = await run(() =>
      answer(
        client.POST('/api/mod/networks/void-votes', {
          body: {
            network: n.key,
            from: new Date(to.getTime() - period[1]).toISOString(),
            to: to.toISOString(),
          },
        }),
      ),
    );
    if (!res) return;
    if (!res.ok) return setMessage({ kind: 'error', text: describeFailure(res) });
    setMessage({
      kind: 'ok',
      text: t('mod.net.voidedAll', { votes: res.data.votes, spots: res.data.spots }),
    });
    await load();
  }

  return (
    <details
      class="networks"
      onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && !networks && void load()}
    >
      <summary>{t('mod.net.title')}</summary>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {!networks && !message && <p class="muted">{t('common.loading')}</p>}
      {networks?.length === 0 && <p class="muted">{t('mod.net.none')}</p>}
      <ul class="network-list">
        {networks?.map((n) => (
          <li key={n.key} class={n.burst ? 'burst' : undefined}>
            <p>
              <strong>{n.label}</strong> {n.burst && <span class="badge burst">{t('mod.burst')}</span>}{' '}
              {t('mod.net.counts', { up: n.up, down: n.down, flags: n.flags, open: n.open_flags })}
            </p>
            <p class="muted">
              {tn('mod.net.agents', n.agents, { share: Math.round(n.top_agent_share * 100) })} ·{' '}
              {t('mod.net.devices', { n: n.with_device })} · {formatDateTime(n.first_at)} –{' '}
              {formatDateTime(n.last_at)}
            </p>
            <p class="actions">
              {n.up + n.down > 0 && (
                <button type="button" disabled={busy} onClick={() => void voidOnSpot(n, 'votes')}>
                  {t('mod.net.voidVotes')}
                </button>
              )}
              {n.open_flags > 0 && (
                <button type="button" disabled={busy} onClick={() => void voidOnSpot(n, 'flags')}>
                  {t('mod.net.voidFlags')}
                </button>
              )}
              {PERIODS.map((p) => (
                <button key={p[0]} type="button" disabled={busy} onClick={() => void voidEverywhere(n, p)}>
                  {t('mod.net.voidAll', { period: t(`mod.net.period.${p[0]}`) })}
                </button>
              ))}
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}
