import { Worker } from 'node:worker_threads';

// bcryptjs hashes in JavaScript on the event loop, in slices of up to 100 ms; the slices of a few
// sign-ins at once run back to back and held the cms's loop for 360–390 ms (the survival fuzz).
// Every caller shares the one bcryptjs module (ours, the panel's and users-permissions', pinned
// by `overrides`), so its asynchronous compare and hash are sent to one worker thread here, once,
// at register: the loop only waits for the answer. The synchronous calls stay as they are.

type Operation = 'compareSync' | 'hashSync';
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Callback = (error: Error | null, value?: unknown) => void;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, operation, args }) => {
  try {
    parentPort.postMessage({ id, value: bcrypt[operation](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;

export function hashPasswordsOffThread() {
  const bcrypt = require('bcryptjs') as Record<string, unknown>;
  if (bcrypt.offThread) return;
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 0;

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  };
  const started = () => {
    if (worker) return worker;
    const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs: require.resolve('bcryptjs') } });
    thread.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
      const call = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) thread.unref();
      if (error === undefined) call?.resolve(value);
      else call?.reject(new Error(error));
    });
    thread.on('error', failAll);
    thread.on('exit', () => failAll(new Error('The password worker stopped')));
    return (worker = thread);
  };
  const run = (operation: Operation, args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const thread = started();
      thread.ref();
      thread.postMessage({ id, operation, args });
    });
  /** bcryptjs's asynchronous signature: a promise, or the callback when one is given. */
  const offThread = (operation: Operation) => (...args: unknown[]) => {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as Callback) : undefined;
    const answer = run(operation, args);
    if (!callback) return answer;
    answer.then((value) => callback(null, value), (error: Error) => callback(error));
    return undefined;
  };

  // Started now, with the cms's boot, so that no request waits for the thread to start.
  started().unref();
  bcrypt.compare = offThread('compareSync');
  bcrypt.hash = offThread('hashSync');
  bcrypt.offThread = true;
}
