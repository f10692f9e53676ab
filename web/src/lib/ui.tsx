import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Status } from '../../../common/domain.ts';
import { t } from './i18n.ts';

export function Notice(props: { kind: 'error' | 'info' | 'ok' | 'warn'; children: ComponentChildren }) {
  return (
    <p
      class={`notice ${props.kind}`}
      role={props.kind === 'error' || props.kind === 'warn' ? 'alert' : 'status'}
    >
      {props.children}
    </p>
  );
}

/**
 * Takes the user to a message that just appeared (a refusal, a failure): focus on it, and the whole
 * of it in view, centred, since a sheet's pinned actions would cover a message at its foot.
 */
export function useShowMessage(box: RefObject<HTMLElement | null>, message: unknown) {
  useEffect(() => {
    if (!message) return;
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center' });
  }, [message]);
}

/**
 * A form's or a button's work with the server: `busy` while `run` waits (its controls disabled
 * meanwhile), one run at a time (a second while one runs does nothing and gives undefined), and what
 * to tell the user of it (`M`: a failure's text, or the form's own kind of message), cleared when a
 * run starts.
 */
export function useBusy<M = string>() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<M>();
  const running = useRef(false);
  async function run<R>(work: () => Promise<R>): Promise<R | undefined> {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setMessage(undefined);
    try {
      return await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return { busy, message, setMessage, run };
}

export function SeverityBadge({ severity }: { severity: number }) {
  return (
    <span class={`badge sev-${severity}`} title={t(`severity.${severity}` as 'severity.1')}>
      {t('detail.severityShort', { n: severity })}
    </span>
  );
}

export function StatusBadge({ status, verified }: { status: Status; verified: boolean }) {
  return (
    <>
      <span class={`badge status-${status}`}>{t(`status.${status}`)}</span>
      {verified && <span class="badge verified">✓ {t('detail.verified')}</span>}
    </>
  );
}

/** Attributes that tie an input to its hint and error message. */
export const describedBy = (id: string, error?: string, hint?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
});

/** A labelled form field with its error under it, tied together for screen readers. */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={`field${props.error ? ' invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={`${props.id}-error`} class="field-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}
