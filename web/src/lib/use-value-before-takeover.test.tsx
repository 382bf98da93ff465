import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from '@/testing/render';
import { renderOnServer } from '@/testing/server-markup';
import { useValueBeforeTakeover } from './use-value-before-takeover';

function CodeForm() {
  const [code, setCode] = useState('');
  const [size, setSize] = useState('');
  const [renders, setRenders] = useState(0);
  const codeField = useValueBeforeTakeover<HTMLInputElement>(code, setCode);
  const sizeField = useValueBeforeTakeover<HTMLSelectElement>(size, setSize);
  return (
    <form>
      <input ref={codeField} aria-label="Code" value={code} onChange={(event) => setCode(event.currentTarget.value)} />
      <select ref={sizeField} aria-label="Größe" value={size} onChange={(event) => setSize(event.currentTarget.value)}>
        <option value="" disabled>
          Wähle
        </option>
        <option value="M">M</option>
        <option value="L">L</option>
      </select>
      <output>{`${code}|${size}`}</output>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        {`render ${renders}`}
      </button>
    </form>
  );
}

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

const input = () => container.querySelector('input')!;
const select = () => container.querySelector('select')!;
const rerender = () => act(async () => container.querySelector('button')!.click());

describe('useValueBeforeTakeover', () => {
  it('keeps what was typed and chosen before the takeover, through the renders after it', async () => {
    container.innerHTML = renderOnServer(<CodeForm />);
    input().value = 'ABCDE-FGHJK';
    select().value = 'L';
    await act(async () => {
      hydrateRoot(container, <CodeForm />);
    });
    await rerender();

    expect(input().value).toBe('ABCDE-FGHJK');
    expect(select().value).toBe('L');
    expect(container.querySelector('output')!.textContent).toBe('ABCDE-FGHJK|L');
  });

  it('changes nothing when nothing was typed, taken over or rendered afresh', async () => {
    container.innerHTML = renderOnServer(<CodeForm />);
    await act(async () => {
      hydrateRoot(container, <CodeForm />);
    });
    await rerender();
    expect(container.querySelector('output')!.textContent).toBe('|');

    const fresh = document.createElement('div');
    document.body.append(fresh);
    const root = createRoot(fresh);
    await act(async () => root.render(<CodeForm />));
    expect(fresh.querySelector('output')!.textContent).toBe('|');
    expect(fresh.querySelector('input')!.value).toBe('');
    await act(async () => root.unmount());
    fresh.remove();
  });
});
