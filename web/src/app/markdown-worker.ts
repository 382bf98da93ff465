// The site's server parses cms markdown here, in a worker thread of its own
// (server/markdown-pool.mjs), built beside render-page.tsx into dist-server. A text whose parse
// takes too long (micromark needs minutes for some 100 kB texts) is given up by ending the
// worker: the server's event loop never waits for it.
import { parentPort } from 'node:worker_threads';
import { markdownTree } from '@/components/markdown-tree';

type Task = { id: number; text: string };

parentPort?.on('message', ({ id, text }: Task) => {
  let tree = null;
  try {
    tree = markdownTree(text);
  } catch {
    // A tree too deep for the parser's own recursion: shown as plain text, as one too large.
  }
  parentPort?.postMessage({ id, tree });
});
// Once through every kind of node before the first real text, so that text's time is not the
// compiler's: a cold parse took twice as long.
markdownTree('## a\n\n**b** _c_ ~~d~~ `e` [f](/g) ![h](/i.jpg) <u>j</u>\n\n> k\n\n- [x] l\n1. m\n\n| n | o |\n|---|---|\n| p | q |\n\nr[^1]\n\n[^1]: s');
parentPort?.postMessage({ ready: true });
