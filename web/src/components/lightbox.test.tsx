import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@/testing/render';
import { Lightbox, type LightboxImage } from './lightbox';

const images: LightboxImage[] = [
  { src: '/uploads/haus.jpg', alt: 'Das Jagdhaus' },
  { src: '/uploads/halle.jpg', alt: 'Die große Halle' },
  { src: '/uploads/kammer.jpg', alt: 'Eine Schlafkammer' },
];

function Harness({ start = 0 }: { start?: number | null }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        Öffnen
      </button>
      <Lightbox images={images} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} label="Fotos" />
    </>
  );
}

const shown = () => screen.getByRole('dialog', { name: 'Fotos' }).querySelector('figure img')?.getAttribute('alt');

describe('Lightbox', () => {
  it('shows the counter and wraps around with the previous and next buttons', async () => {
    const { user } = render(<Harness />);

    expect(shown()).toBe('Das Jagdhaus');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vorheriges Bild' }));
    expect(shown()).toBe('Eine Schlafkammer');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nächstes Bild' }));
    expect(shown()).toBe('Das Jagdhaus');
    await user.click(screen.getByRole('button', { name: 'Nächstes Bild' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(shown()).toBe('Die große Halle');
  });

  it('steps with the arrow keys, wrapping at both ends', () => {
    render(<Harness start={2} />);

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('closes on Escape and with the close button', async () => {
    const { user } = render(<Harness />);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(screen.getByRole('dialog', { name: 'Fotos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
