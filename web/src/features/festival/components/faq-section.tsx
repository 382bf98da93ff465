import { Accordion } from '@mantine/core';
import type { SiteContent } from '@contract/site-content';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import { useHistoryState } from '@/lib/use-history-state';
import section from './section.module.css';
import classes from './faq-section.module.css';

type FaqItem = SiteContent['faq'][number];

// SPEC §9: each question fades in 100 ms after the one before.
const FAQ_STAGGER_MS = 100;

/**
 * The questions as an accordion: one answer open at a time, a click on the open one closes it.
 * The open answer is kept in the history entry: Back returns to it.
 */
export function FaqSection({ items, label }: { items: FaqItem[]; label: string }) {
  const [open, setOpen] = useHistoryState<string | null>('faq', null);
  return (
    <section id="faq" className={`${section.section} ${section.wood}`} aria-labelledby="faq-title">
      <div className={section.narrow}>
        <SectionHeading id="faq-title" eyebrow={label}>
          Häufige Fragen
        </SectionHeading>
        <Accordion
          order={3}
          variant="separated"
          value={open}
          onChange={setOpen}
          classNames={{
            item: classes.item,
            control: classes.control,
            label: classes.label,
            chevron: classes.chevron,
            content: classes.content,
          }}
        >
          {items.map((item, index) => (
            <Reveal key={item.id} delay={index * FAQ_STAGGER_MS}>
              <Accordion.Item value={String(item.id)}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>
                  <LazyMarkdown>{item.answer}</LazyMarkdown>
                </Accordion.Panel>
              </Accordion.Item>
            </Reveal>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
