import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { render, screen, waitFor } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { useFestival } from './get-site-content';

function Motto() {
  return <p>{useFestival().data?.motto ?? '…'}</p>;
}

const answerWith = (motto: string) => ({ data: { ...siteContentFixture(), festival: { ...siteContentFixture().festival, motto } } });

/** Pretends the page is the panel's preview frame: a parent window on the same origin. */
const insidePreviewFrame = () => {
  const parent = { postMessage: () => {} } as unknown as Window;
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as Window & typeof globalThis);
  return parent;
};

// Not inside act(): the message itself changes no state (the refetch it starts does, later,
// while waitFor watches), and an act() scope still open when the refetch's update lands in
// waitFor made React report an environment without act support on a busy machine.
const post = (data: unknown, { origin = window.location.origin, source }: { origin?: string; source: MessageEventSource | null }) => {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the site content inside the panel\'s preview', () => {
  it('is read again when the panel says the editor saved, and only then', async () => {
    const parent = insidePreviewFrame();
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce(answerWith('Altes Motto')).mockResolvedValue(answerWith('Neues Motto'));
    render(<><Motto /><Motto /></>);
    expect(await screen.findAllByText('Altes Motto')).toHaveLength(2);

    post({ type: 'strapiUpdate' }, { source: null });
    post({ type: 'strapiUpdate' }, { origin: 'https://evil.example', source: parent as unknown as MessageEventSource });
    post({ type: 'something-else' }, { source: parent as unknown as MessageEventSource });
    expect(get).toHaveBeenCalledTimes(1);

    post({ type: 'strapiUpdate' }, { source: parent as unknown as MessageEventSource });
    await waitFor(() => expect(screen.getAllByText('Neues Motto')).toHaveLength(2));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('ignores such messages on a page that is not framed', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(answerWith('Motto'));
    render(<Motto />);
    await screen.findByText('Motto');
    post({ type: 'strapiUpdate' }, { source: window });
    expect(get).toHaveBeenCalledTimes(1);
  });
});
