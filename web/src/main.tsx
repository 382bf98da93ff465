import './app/fonts/fonts.css';
import './app/heading-fallback-fonts.css';
import './app/mantine.css';
import './app/mantine-variables.css';
import './app/global.css';

type WithScheduler = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Gives the main thread back to the browser (input, painting) before the next step: with
 * scheduler.yield where there is one (it resumes ahead of other waiting tasks), else a timeout.
 */
const yieldToBrowser = (): Promise<void> => {
  const { scheduler } = globalThis as WithScheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * The app's code is evaluated in steps, each a task of its own: React DOM, then the router with
 * the routes, then the rest. Evaluated as one module graph it held a phone's main thread for one
 * long task (300 ms at Lighthouse's fourfold slowdown) in which a tap waited. The build preloads
 * every step's files at once (vite.config.ts, bootStepsPreloaded), so steps cost no round trips.
 */
async function boot() {
  await import('react-dom/client');
  await yieldToBrowser();
  await import('./app/router');
  await yieldToBrowser();
  const { start } = await import('./app/start');
  await start();
}

void boot();
