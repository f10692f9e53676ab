import { useEffect, useState } from 'preact/hooks';

/** Whether the page is on screen: a hidden page keeps no stream open (nor the radio awake for it). */
export function useVisible(): boolean {
  const [visible, setVisible] = useState(document.visibilityState === 'visible');
  useEffect(() => {
    const changed = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible;
}
