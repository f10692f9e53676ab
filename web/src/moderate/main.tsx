import { render } from 'preact';
import '../styles/base.css';
import '../styles/moderate.css';
import { startPage } from '../lib/page-config.ts';
import { Console } from './console.tsx';

startPage();

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<Console />, root);
}
