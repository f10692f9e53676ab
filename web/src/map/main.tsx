import { render } from 'preact';
import '../styles/base.css';
import '../styles/map.css';
import { readPageConfig } from '../lib/page-config.ts';
import { App } from './app.tsx';
import { registerServiceWorker } from './offline.ts';

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App config={readPageConfig()} />, root);
}
registerServiceWorker();
