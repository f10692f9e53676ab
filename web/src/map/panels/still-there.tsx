import { useEffect, useRef, useState } from 'preact/hooks';
import { daysWithoutWord, lastWordOn, STILL_THERE_AFTER_DAYS } from '../../../../common/confidence.ts';
import { countsAsDanger } from '../../../../common/domain.ts';
import { metresBetween } from '../../../../common/geo.ts';
import { formatAgo } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { useBusy } from '../../lib/ui.tsx';
import { sendVote } from '../../lib/vote.ts';

/**
 * "Still there?" (as Waze asks drivers passing an old report): a phone standing within 150 m of a
 * danger nobody confirmed for 30 days is asked, in one tap, whether it is still dangerous. At most one
 * question a day on this phone, never about a spot it voted on; the page does not ask while the
 * person is reporting or checking a route. The answer is an ordinary vote, with all its limits.
 */
const NEAR_M = 150;
const ASKED_KEY = 'hatari.stillThereAsked';

const today = (now: number) => new Date(now).toLocaleDateString('en-CA');

function askedToday(now: number): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) === today(now);
  } catch {
    return false;
  }
}

/** The spot to ask about here and now, if any (and notes that today's question is asked). */
function stillThereQuestion(
  spots: Spot[],
  here: { lat: number; lng: number },
  votes: Record<string, 1 | -1>,
  now: number,
): Spot | undefined {
  if (askedToday(now)) return undefined;
  const spot = spots
    .filter(
      (s) =>
        countsAsDanger(s) &&
        votes[String(s.id)] === undefined &&
        daysWithoutWord(s, now) >= STILL_THERE_AFTER_DAYS,
    )
    .map((s) => ({ s, d: metresBetween(here, s) }))
    .filter((x) => x.d <= NEAR_M)
    .sort((a, b) => a.d - b.d)[0]?.s;
  if (spot) {
    try {
      localStorage.setItem(ASKED_KEY, today(now));
    } catch {
      // asked once on this page only
    }
  }
  return spot;
}

/**
 * The question to show, looked for whenever the phone's position or the spots change, unless
 * `paused` (reporting, checking a route); `dismiss` puts it away.
 */
export function useStillThere(
  here: { lat: number; lng: number } | undefined,
  spots: Spot[],
  votes: Record<string, 1 | -1>,
  paused: boolean,
) {
  const [asking, setAsking] = useState<Spot>();
  const latest = useRef({ spots, votes });
  latest.current = { spots, votes };
  useEffect(() => {
    if (!here || paused || asking) return;
    const spot = stillThereQuestion(latest.current.spots, here, latest.current.votes, Date.now());
    if (spot) setAsking(spot);
  }, [here, spots, paused, asking]);
  return { asking, dismiss: () => setAsking(undefined) };
}

export function StillThere(props: {
  spot: Spot;
  /** The vote was counted (the spot as it is now), or had been already (409). */
  onVoted(value: 1 | -1, spot?: Spot): void;
  /** Done: with what to tell the person, if anything. */
  onClose(message?: string): void;
}) {
  const { spot } = props;
  const { busy, run } = useBusy();
  async function vote(value: 1 | -1) {
    const outcome = await run(() => sendVote(spot.id, value));
    if (!outcome) return;
    if (outcome.kind !== 'error') props.onVoted(value, outcome.kind === 'ok' ? outcome.spot : undefined);
    props.onClose(outcome.text);
  }
  return (
    <section class="toast still-there" aria-label={t('stillThere.label')}>
      <p>{t('stillThere.question', { title: spot.title, ago: formatAgo(lastWordOn(spot)) })}</p>
      <div class="vote-buttons">
        <button type="button" class="vote yes" disabled={busy} onClick={() => vote(1)}>
          {t('detail.stillDangerous')}
        </button>
        <button type="button" class="vote no" disabled={busy} onClick={() => vote(-1)}>
          {t('detail.notAnymore')}
        </button>
        <button type="button" class="link-button" onClick={() => props.onClose()}>
          {t('stillThere.later')}
        </button>
      </div>
    </section>
  );
}
