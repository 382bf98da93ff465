import type { RouteObject } from 'react-router-dom';
import { OFFLINE_PATH } from '@/features/offline/offline-routes';
import { OfflineRoute } from './routes/offline';

/**
 * Pages only the site's server draws, inside the public layout: they are sent without scripts and
 * never taken over, so the browser's route table (and the script every page loads) leaves them out.
 * The worker's offline page is one (routes/offline.tsx).
 */
export const serverOnlyPages: RouteObject[] = [{ path: OFFLINE_PATH, element: <OfflineRoute /> }];
