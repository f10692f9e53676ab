import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { useLiveMap } from '../hooks/live-map.ts';
import type { useSpots } from '../hooks/use-spots.ts';
import type { useViewSpots } from '../hooks/use-view-spots.ts';
import type { SpotMap } from '../map/spot-map.ts';
import { type useDraft, useWaitingReport } from '../report/report-send.ts';
import type { Address } from './address.ts';
import type { PageActions } from './page-actions.ts';
import { type PageAction, type PageState, patcher } from './page-state.ts';

/** How long a message (a thank-you, an alert) stays before it goes by itself. */
const TOAST_MS = 8000;
/** Kept areas are refreshed this long after the page opens online, after its first view. */
const AREA_REFRESH_DELAY_MS = 10_000;

/** What the map page does by itself: on opening, as time passes, and when the world around it changes. */
export function usePageEffects(p: {
  s: PageState;
  dispatch(a: PageAction): void;
  act: PageActions;
  map: RefObject<SpotMap | undefined>;
  frame(f: { lat: number; lng: number; animate: boolean }): void;
  online: boolean;
  /** Why the phone's position could not be had for nearby alerts. */
  alertsError: GeolocationPositionError | undefined;
  /** The address the page opened on, and the spot the server embedded for it. */
  opening: Address;
  sharedSpot: Spot | undefined;
  /** The spot whose sheet is open, if one is. */
  openSpotId: number | undefined;
  data: ReturnType<typeof useSpots>;
  draft: ReturnType<typeof useDraft>;
  toast(text: string, spotId?: number): void;
  inView: ReturnType<typeof useViewSpots>;
}) {
  const { s, dispatch, act, map, online } = p;
  const set = patcher(dispatch);

  useEffect(() => {
    // Framed once the map is made (it is made after the first render) and the sheet's height known.
    if (p.sharedSpot) p.frame({ lat: p.sharedSpot.lat, lng: p.sharedSpot.lng, animate: false });
    if (p.opening.spotId) void act.showSpot(p.opening.spotId, false);
    else if (p.opening.panel) act.follow(p.opening);
  }, []);
  // Areas kept offline are refreshed once the page is online and has drawn its first view.
  useEffect(() => {
    if (!online) return;
    const timer = setTimeout(
      () => void import('../hooks/offline-areas.ts').then((m) => m.refreshAreas()).catch(() => {}),
      AREA_REFRESH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [online]);
  // The line saying the background is missing rises over the map's foot: an open spot stays clear of it.
  useEffect(() => {
    if (s.background !== 'ok' && s.panel === 'spot' && s.openSpot)
      map.current?.reveal(s.openSpot.lat, s.openSpot.lng);
  }, [s.background]);
  // A message goes away by itself after a while; it can be closed sooner.
  useEffect(() => {
    if (!s.toast) return;
    const timer = setTimeout(() => set({ toast: undefined }), TOAST_MS);
    return () => clearTimeout(timer);
  }, [s.toast]);
  // Changes made elsewhere show as they happen.
  useLiveMap({
    online,
    data: p.data,
    inView: p.inView,
    openSpotId: p.openSpotId,
    onOpenSpot: (spot) => {
      if (spot) return set({ openSpot: spot });
      act.close();
      p.toast(t('error.notFound'));
    },
    notify: (message) => set({ toast: message }),
  });
  // A report kept for later goes by itself when its time comes.
  const { data, draft, toast } = p;
  useWaitingReport(draft.draft, {
    onSent: (spot, pending) => {
      draft.discard();
      if (!pending) {
        data.upsert(spot);
        data.noteVote(spot.id, 1);
      }
      toast(t(pending ? 'report.sentLaterHeld' : 'report.sentLater'), pending ? undefined : spot.id);
    },
    onWaitAgain: (sendAt) => draft.update({ send_at: sendAt }),
    onFailed: (text) => {
      draft.update({ send_at: undefined });
      toast(text);
    },
  });
  // Without the phone's location there are no alerts: the switch goes off and says why.
  const error = p.alertsError;
  useEffect(() => {
    if (!error) return;
    const text = error.code === error.PERMISSION_DENIED ? t('alerts.blocked') : t('gps.failed');
    set({ alertsOn: false, toast: { text } });
  }, [error]);
}
