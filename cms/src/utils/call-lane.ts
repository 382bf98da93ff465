/**
 * Runs calls of one kind at most `width` at a time, the rest in the order they came. For the
 * PostgreSQL functions that write rows every call of a burst writes too (one product's stock, one
 * address's count): each call holds its row's lock until its commit is on disk, so more of them at
 * once only queue inside PostgreSQL, where each commit wakes every waiter to check the row again
 * (docs/decisions/025). Waiting here costs nothing but the wait.
 */
export function callLane(width: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const turn = async () => {
    if (running < width) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A finished call hands its place straight to the next waiter, so none can overtake it.
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async <T>(call: () => Promise<T>): Promise<T> => {
    await turn();
    try {
      return await call();
    } finally {
      leave();
    }
  };
}
