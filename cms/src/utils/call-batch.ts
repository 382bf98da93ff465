/**
 * Sends calls of one kind to the database in batches, one batch at a time: a call that comes
 * while a batch is out waits, and goes with the next batch together with every call that came
 * meanwhile (at most `maxBatch`, the rest after), in the order they came. A burst of orders then
 * costs one round trip and one commit per batch instead of per order (docs/decisions/027).
 * `send` answers one result per argument, in their order; when it throws, every call of that
 * batch gets the error.
 */
export function callBatch<Argument, Result>(send: (batch: Argument[]) => Promise<Result[]>, maxBatch: number) {
  type Waiting = { argument: Argument; resolve: (result: Result) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let out = false;

  async function sendNext() {
    if (out || waiting.length === 0) return;
    out = true;
    const batch = waiting.splice(0, maxBatch);
    try {
      const results = await send(batch.map((call) => call.argument));
      if (results.length !== batch.length) throw new Error(`A batch of ${batch.length} calls was answered with ${results.length} results`);
      batch.forEach((call, index) => call.resolve(results[index]));
    } catch (error) {
      for (const call of batch) call.reject(error);
    } finally {
      out = false;
      void sendNext();
    }
  }

  return (argument: Argument) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ argument, resolve, reject });
      void sendNext();
    });
}
