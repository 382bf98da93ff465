import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { openWaitingSections } from '@/components/hydrate-near-screen';
import { plainListedParser } from '@/components/markdown-parsing';
import { registerWorkerAfterLoad } from '@/features/offline/register-worker';
import { createQueryClient } from '@/lib/query-client';
import { AppRoot } from './app-root';
import { takeOverHeldInput } from './held-input';
import { layOutEverythingOnFirstMove } from './lazy-layout';
import { createAppRouter } from './router';
import { readServerState } from './server-state';

/** Takes the server's page over (a public page) or renders the app into the empty shell (the dashboard). */
export async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('Das Element #root fehlt in index.html.');

  // Public pages arrive rendered by the server, with the answers they show; the dashboard
  // arrives as the empty shell of index.html and is rendered here.
  const serverState = readServerState();
  const queryClient = createQueryClient();
  if (serverState) hydrate(queryClient, serverState.queries);
  const router = await createAppRouter(queryClient, serverState?.router);
  // Subscribed before React's own subscription: the sections are open by the time it renders.
  router.subscribe(openWaitingSections);
  layOutEverythingOnFirstMove(router);

  const replayHeldInput = takeOverHeldInput();
  const app = (
    <AppRoot
      queryClient={queryClient}
      router={<RouterProvider router={router} />}
      markdownParser={plainListedParser(serverState?.plainTexts)}
      onReady={replayHeldInput}
    />
  );
  // As a transition, React hydrates or builds the first screen in short slices instead of one
  // long task, so a phone's main thread stays free for input and painting while it does.
  startTransition(() => {
    if (serverState) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // The service worker (docs/decisions/037), once the page has loaded: public pages only.
  registerWorkerAfterLoad();
}
