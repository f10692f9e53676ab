import { render } from 'preact';
import '../styles/base.css';
import '../styles/moderate.css';
import { Console } from './console.tsx';

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<Console />, root);
}
