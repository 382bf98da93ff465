// cms markdown parsed apart from the site server's event loop. micromark, the parser under
// react-markdown, takes quadratic time on some texts: a festival story of `"*a"` × 60,000
// (120 kB, which the panel took) held this server's loop for 40 s, and its memory went past
// the 512 MB compose gives it. Here a text is parsed in a worker thread with a time bound and
// a heap bound; a text that passes either is given up (the worker is ended and another started)
// and the page shows it as plain text.
import { Worker } from 'node:worker_threads';

/**
 * How long a text may take to parse. Real texts take 1–20 ms (a 30 kB privacy policy), a
 * hundred times that on a machine whose cores are shared out many times over; a page with a text
 * given up waits this long once, and nothing else waits for it.
 */
export const MARKDOWN_PARSE_MS = 3000;
/** The worker's heap: a 50 kB text's tree needs a few MB; a parse that needs more is given up. */
const WORKER_HEAP_MB = 64;

/**
 * A worker for workerFile (dist-server/markdown-worker.js, src/app/markdown-worker.ts), started
 * again whenever it was ended. parse(text) resolves with the text's tree, or null when the text
 * was too slow, too large or too deep to parse; texts wait their turn. close() ends it.
 */
export function createMarkdownPool(workerFile, { timeoutMs = MARKDOWN_PARSE_MS } = {}) {
  /** { text, resolve } in the order asked */
  const queue = [];
  let worker = null;
  let ready = false;
  /** The task the worker is on: { id, resolve, timer } */
  let current = null;
  let nextId = 0;
  let closed = false;

  const finish = (tree) => {
    const task = current;
    current = null;
    clearTimeout(task.timer);
    task.resolve(tree);
  };

  const giveUp = () => {
    const stopped = worker;
    worker = null;
    ready = false;
    void stopped?.terminate();
    if (current) finish(null);
    next();
  };

  const start = () => {
    ready = false;
    const started = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 } });
    started.unref();
    started.on('message', (message) => {
      if (started !== worker) return;
      if (message.ready) {
        ready = true;
        return next();
      }
      if (current?.id === message.id) finish(message.tree);
      next();
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), or a stack the parser's recursion overflowed.
    started.on('error', () => started === worker && giveUp());
    started.on('exit', () => started === worker && giveUp());
    worker = started;
  };

  function next() {
    if (closed || current || queue.length === 0) return;
    if (!worker) return start();
    if (!ready) return;
    const { text, resolve } = queue.shift();
    const id = (nextId += 1);
    // The time runs from when the worker takes the text, not while it waits behind others.
    current = { id, resolve, timer: setTimeout(giveUp, timeoutMs) };
    worker.postMessage({ id, text });
  }

  start();
  return {
    parse: (text) =>
      new Promise((resolve) => {
        if (closed) return resolve(null);
        queue.push({ text, resolve });
        next();
      }),
    close: async () => {
      closed = true;
      for (const { resolve } of queue.splice(0)) resolve(null);
      if (current) finish(null);
      await worker?.terminate();
      worker = null;
    },
  };
}
