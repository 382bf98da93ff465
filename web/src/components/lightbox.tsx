import { ActionIcon, CloseButton, Modal } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import classes from './lightbox.module.css';
import { ChevronIcon } from './icons';

export type LightboxImage = {
  src: string;
  srcSet?: string;
  alt: string;
  width?: number;
  height?: number;
};

type LightboxProps = {
  images: LightboxImage[];
  /** The image shown; null keeps the lightbox closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** What the images are, for screen readers ("Fotos der Unterkunft"). */
  label: string;
};

/**
 * Full-screen photo viewer: previous and next wrap around, the arrow keys step, Escape and the
 * close button close it, and a counter says "n / total".
 */
export function Lightbox({ images, index, onIndexChange, onClose, label }: LightboxProps) {
  const total = images.length;
  const opened = index !== null && total > 0;
  const current = opened ? images[index % total] : null;
  const step = (delta: number) => {
    if (index === null) return;
    onIndexChange((index + delta + total) % total);
  };

  useWindowEvent('keydown', (event) => {
    if (!opened) return;
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
  });

  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen>
      <Modal.Overlay color="#0a0806" backgroundOpacity={0.96} blur={4} />
      <Modal.Content className={classes.content} aria-label={label}>
        <Modal.Body className={classes.body}>
          {current && index !== null && (
            <>
              <div className={classes.top}>
                <span className={classes.counter} aria-live="polite">
                  {index + 1} / {total}
                </span>
                <CloseButton size="xl" c="gold.2" aria-label="Schließen" onClick={onClose} />
              </div>
              <div className={classes.stage}>
                <figure className={classes.figure}>
                  <img
                    className={classes.image}
                    src={current.src}
                    srcSet={current.srcSet}
                    sizes="100vw"
                    width={current.width}
                    height={current.height}
                    alt={current.alt}
                  />
                  <figcaption className={classes.caption}>{current.alt}</figcaption>
                </figure>
                <div className={classes.controls}>
                  <ActionIcon
                    className={classes.previous}
                    size={48}
                    radius="xl"
                    variant="outline"
                    color="gold.3"
                    aria-label="Vorheriges Bild"
                    onClick={() => step(-1)}
                  >
                    <ChevronIcon direction="left" />
                  </ActionIcon>
                  <ActionIcon
                    size={48}
                    radius="xl"
                    variant="outline"
                    color="gold.3"
                    aria-label="Nächstes Bild"
                    onClick={() => step(1)}
                  >
                    <ChevronIcon direction="right" />
                  </ActionIcon>
                </div>
              </div>
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
