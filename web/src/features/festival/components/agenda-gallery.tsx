import { CloseButton, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { SiteContent } from '@contract/site-content';
import { CmsImage } from '@/components/cms-image';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import section from './section.module.css';
import classes from './agenda-gallery.module.css';

type AgendaImage = SiteContent['agendaImages'][number];

/** One picture over the whole screen; any click, the close button or Escape closes it. */
function AgendaOverlay({ image, onClose }: { image: AgendaImage | null; onClose: () => void }) {
  return (
    <Modal.Root opened={image !== null} onClose={onClose} fullScreen>
      <Modal.Overlay color="#0a0806" backgroundOpacity={0.96} blur={4} />
      <Modal.Content className={classes.overlayContent} onClick={onClose} aria-label="Bild der Agenda">
        <Modal.Body className={classes.overlayBody}>
          <CloseButton className={classes.close} size="xl" c="gold.2" aria-label="Schließen" onClick={onClose} />
          {image && (
            <figure className={classes.overlayFigure}>
              <CmsImage
                className={classes.overlayImage}
                media={image.image}
                alt={image.alt}
                sizes="100vw"
                loading="eager"
              />
              <figcaption className={classes.overlayCaption}>{image.alt}</figcaption>
              <Text className={classes.hint} aria-hidden="true">
                Klicke irgendwo, um das Bild zu schließen.
              </Text>
            </figure>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** The agenda as a picture wall; each picture opens full screen. */
export function AgendaGallery({ images, label }: { images: AgendaImage[]; label: string }) {
  const [selected, setSelected] = useState<AgendaImage | null>(null);

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
                <button
                  type="button"
                  className={classes.tile}
                  onClick={() => setSelected(entry)}
                  aria-haspopup="dialog"
                >
                  <CmsImage
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
                </button>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
      <AgendaOverlay image={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
