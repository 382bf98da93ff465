import { useRef } from 'react';
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

/** The answer the list shows open, as the browser has it. */
const openIn = (list: HTMLElement) => list.querySelector<HTMLDetailsElement>('details[open]')?.dataset.faqId ?? null;

/**
 * The questions as an accordion of `<details name="faq">`: the browser keeps one answer open at a
 * time and closes the open one on a second click, from the first paint, before any script. Once
 * taken over, the open answer is kept in the history entry: Back returns to it.
 */
export function FaqSection({ items, label }: { items: FaqItem[]; label: string }) {
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useHistoryState<string | null>('faq', null, () => (list.current ? openIn(list.current) : undefined));
  return (
    <section id="faq" className={`${section.section} ${section.wood}`} aria-labelledby="faq-title">
      <div className={section.narrow}>
        <SectionHeading id="faq-title" eyebrow={label}>
          Häufige Fragen
        </SectionHeading>
        <div ref={list}>
          {items.map((item, index) => {
            const id = String(item.id);
            return (
              <Reveal key={item.id} delay={index * FAQ_STAGGER_MS}>
                <details
                  name="faq"
                  className={classes.item}
                  data-faq-id={id}
                  open={open === id}
                  // Opening one closes the one open before: a toggle of its own, before or after this one's.
                  onToggle={(event) => setOpen(event.currentTarget.open ? id : openIn(list.current!))}
                >
                  <summary className={classes.control}>
                    <h3 className={classes.label}>{item.question}</h3>
                    <svg className={classes.chevron} width="16" height="16" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
                      <path d="M3.1 5.8 7.5 10.2l4.4-4.4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                    </svg>
                  </summary>
                  <div className={classes.content}>
                    <LazyMarkdown>{item.answer}</LazyMarkdown>
                  </div>
                </details>
              </Reveal>
            );
          })}
        </div>
      </div>
    </section>
  );
}
