import { ActionIcon, CloseButton, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import type { SiteContent } from '@contract/site-content';
import { CmsImage } from '@/components/cms-image';
import { ChevronIcon } from '@/components/icons';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import { mediaLinkUrl } from '@/lib/strapi-media';
import section from './section.module.css';
import classes from './agenda-gallery.module.css';

type AgendaImage = SiteContent['agendaImages'][number];

type AgendaOverlayProps = {
  images: AgendaImage[];
  /** The picture shown; null keeps the overlay closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/**
 * One picture over the whole screen; any click elsewhere, the close button or Escape closes it.
 * Previous and next (buttons and arrow keys) step through the agenda, wrapping around.
 */
function AgendaOverlay({ images, index, onIndexChange, onClose }: AgendaOverlayProps) {
  const total = images.length;
  const image = index === null ? null : images[index];
  const step = (delta: number) => {
    if (index !== null) onIndexChange((index + delta + total) % total);
  };
  useWindowEvent('keydown', (event) => {
    if (image === null) return;
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
  });
  const stepButton = (delta: number, label: string, direction: 'left' | 'right') => (
    <ActionIcon
      className={classes.step}
      size={48}
      radius="xl"
      variant="outline"
      color="gold.3"
      aria-label={label}
      onClick={(event) => {
        // The overlay closes on a click anywhere else.
        event.stopPropagation();
        step(delta);
      }}
    >
      <ChevronIcon direction={direction} />
    </ActionIcon>
  );

  return (
    <Modal.Root opened={image !== null} onClose={onClose} fullScreen>
      <Modal.Overlay color="#0a0806" backgroundOpacity={0.96} blur={4} />
      <Modal.Content className={classes.overlayContent} onClick={onClose} aria-label="Bild der Agenda">
        <Modal.Body className={classes.overlayBody}>
          <CloseButton className={classes.close} size="xl" c="gold.2" aria-label="Schließen" onClick={onClose} />
          {image && index !== null && (
            <>
              <figure className={classes.overlayFigure}>
                <CmsImage
                  className={classes.overlayImage}
                  media={image.image}
                  alt={image.alt}
                  sizes="100vw"
                  loading="eager"
                />
                <figcaption className={classes.overlayCaption}>{image.alt}</figcaption>
              </figure>
              <div className={classes.steps}>
                {stepButton(-1, 'Vorheriges Bild', 'left')}
                <span className={classes.counter} aria-live="polite">
                  {index + 1} / {total}
                </span>
                {stepButton(1, 'Nächstes Bild', 'right')}
              </div>
              <Text className={classes.hint} aria-hidden="true">
                <span className="pointer-fine">Klicke irgendwo, um das Bild zu schließen.</span>
                <span className="pointer-coarse">Tippe irgendwo, um das Bild zu schließen.</span>
              </Text>
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** The agenda as a picture wall; each picture opens full screen. */
export function AgendaGallery({ images, label }: { images: AgendaImage[]; label: string }) {
  const [selected, setSelected] = useState<number | null>(null);

  return (
    <section id="agenda" className={`${section.section} ${section.hall}`} aria-labelledby="agenda-title">
      <div className={section.inner}>
        <SectionHeading id="agenda-title" eyebrow={label}>
          Agenda
        </SectionHeading>
        <ul className={classes.grid} role="list">
          {images.map((entry, index) => (
            <li key={entry.id} className={index === 0 ? classes.featured : undefined}>
              <Reveal className={classes.fill} delay={(index % 4) * 100}>
                {/* A link to the picture: a tap before the takeover, or without scripts, opens it
                    in the browser; the app opens its overlay instead. */}
                <a
                  href={mediaLinkUrl(entry.image)}
                  className={classes.tile}
                  onClick={(event) => {
                    event.preventDefault();
                    setSelected(index);
                  }}
                  aria-haspopup="dialog"
                >
                  <CmsImage
                    afterTakeover
                    className={classes.image}
                    media={entry.image}
                    alt={entry.alt}
                    sizes={
                      index === 0
                        ? '(min-width: 75em) 36rem, (min-width: 62em) 50vw, (min-width: 48em) 66vw, 100vw'
                        : '(min-width: 75em) 18rem, (min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw'
                    }
                  />
                  <span className={classes.caption} aria-hidden="true">
                    {entry.alt}
                  </span>
                </a>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
      <AgendaOverlay images={images} index={selected} onIndexChange={setSelected} onClose={() => setSelected(null)} />
    </section>
  );
}
