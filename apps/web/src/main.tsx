import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import '#i18n/index';
import { applyStoredTheme } from '#lib/preferences';
import { App } from './app/app';

applyStoredTheme();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
