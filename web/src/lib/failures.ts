import type { ApiResult } from './api.ts';
import { t, tn } from './i18n.ts';

export type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/** Minutes or seconds to wait, as people say it. */
export function waitText(seconds: number): string {
  return seconds >= 90 ? tn('wait.minutes', Math.ceil(seconds / 60)) : tn('wait.seconds', seconds);
}

/** What to tell the user when a call fails, in their language; the server's own message otherwise. */
export function describeFailure(failure: Failure): string {
  if (failure.status === 0 || failure.offline) return t('error.offlineNotSent');
  if (failure.status === 429) return t('error.tooMany', { wait: waitText(failure.retryAfter ?? 60) });
  if (failure.status === 404) return t('error.notFound');
  if (failure.status === 502 || failure.status === 504) return t('error.serviceDown');
  if (failure.status === 503) return t('error.busy');
  if (failure.status >= 500) return t('error.server');
  return failure.error;
}
