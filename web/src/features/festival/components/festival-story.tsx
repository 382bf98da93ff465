import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import section from './section.module.css';
import classes from './festival-story.module.css';

/** The story, written on a parchment scroll, with the call to pay the tribute. */
export function FestivalStory({ story, label }: { story: string; label: string }) {
  return (
    <section id="story" className={`${section.section} ${section.wood}`} aria-labelledby="story-title">
      <Reveal className={classes.scroll}>
        <SectionHeading id="story-title" eyebrow={label}>
          Die Geschichte
        </SectionHeading>
        <LazyMarkdown className={classes.text}>{story}</LazyMarkdown>
        <div className={classes.action}>
          <Button component={Link} to="#payment" size="lg" color="crimson.8">
            Entrichte deinen Tribut
          </Button>
        </div>
      </Reveal>
    </section>
  );
}
