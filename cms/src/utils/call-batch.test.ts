import { describe, expect, it } from 'vitest';
import { callBatch } from './call-batch';

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A send that answers when told to, recording each batch it was given. */
function controlledSend() {
  const batches: number[][] = [];
  const answers: ((fail?: boolean) => void)[] = [];
  const send = (batch: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(batch);
      answers.push((fail) => (fail ? reject(new Error(`batch ${batch.join(',')} failed`)) : resolve(batch.map((n) => `answer ${n}`))));
    });
  return { send, batches, answer: (index: number, fail = false) => answers[index](fail) };
}

describe('callBatch', () => {
  it('sends a lone call at once, and the calls that came meanwhile together, in the order they came', async () => {
    const control = controlledSend();
    const call = callBatch(control.send, 10);
    const first = call(1);
    await settled();
    expect(control.batches).toEqual([[1]]);

    const later = [2, 3, 4].map((n) => call(n));
    await settled();
    expect(control.batches).toEqual([[1]]);

    control.answer(0);
    expect(await first).toBe('answer 1');
    await settled();
    expect(control.batches).toEqual([[1], [2, 3, 4]]);
    control.answer(1);
    expect(await Promise.all(later)).toEqual(['answer 2', 'answer 3', 'answer 4']);
  });

  it('sends at most maxBatch calls at a time, the rest with the next batch', async () => {
    const control = controlledSend();
    const call = callBatch(control.send, 2);
    const answers = [1, 2, 3, 4, 5].map((n) => call(n));
    await settled();
    control.answer(0);
    await settled();
    control.answer(1);
    await settled();
    control.answer(2);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5].map((n) => `answer ${n}`));
    expect(control.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('hands a failed batch’s error to each of its calls, and goes on with the next batch', async () => {
    const control = controlledSend();
    const call = callBatch(control.send, 10);
    const first = call(1);
    await settled();
    const second = call(2);
    const third = call(3);
    control.answer(0, true);
    await expect(first).rejects.toThrow('batch 1 failed');
    await settled();
    control.answer(1, true);
    await expect(second).rejects.toThrow('batch 2,3 failed');
    await expect(third).rejects.toThrow('batch 2,3 failed');

    const fourth = call(4);
    await settled();
    control.answer(2);
    expect(await fourth).toBe('answer 4');
  });

  it('refuses an answer that does not have one result per call', async () => {
    const call = callBatch(async (batch: number[]) => batch.slice(1), 10);
    await expect(call(1)).rejects.toThrow('A batch of 1 calls was answered with 0 results');
  });
});
