import { render } from 'preact';
import '../styles/base.css';
import '../styles/map.css';
import { ensureDevice } from '../lib/device.ts';
import { startPage } from '../lib/page-config.ts';
import { registerServiceWorker } from './hooks/offline.ts';
import { App } from './page/app.tsx';

const config = startPage();
// Before any call: the page's reads of its own votes and its writes are made as this device.
void ensureDevice();
const root = document.getElementById('app');
// In a task of its own, after the modules' own start-up: two shorter stretches of work on a phone
// instead of one, so a tap meanwhile is answered sooner.
setTimeout(() => {
  if (!root) return;
  root.textContent = '';
  render(<App config={config} />, root);
});
registerServiceWorker();
