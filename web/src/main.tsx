import '@fontsource-variable/cinzel';
import '@fontsource-variable/eb-garamond';
import '@fontsource-variable/eb-garamond/wght-italic.css';
import './app/mantine.css';
import './app/global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Das Element #root fehlt in index.html.');

// Rendered as a transition, React builds the first screen in short slices instead of one long
// task, so a phone's main thread stays free for input and painting while it does.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
