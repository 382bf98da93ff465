import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './section-heading.module.css';

type SectionHeadingProps = {
  /** The id a section's aria-labelledby points to. */
  id: string;
  children: ReactNode;
  /** A small line above the title. */
  eyebrow?: string;
  order?: 1 | 2;
  className?: string;
  titleClassName?: string;
};

/** A centred section title with the gold rule and diamond of the hero. */
export function SectionHeading({
  id,
  children,
  eyebrow,
  order = 2,
  className,
  titleClassName,
}: SectionHeadingProps) {
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root}>
      {eyebrow && <Text className={classes.eyebrow}>{eyebrow}</Text>}
      <Title order={order} id={id} className={titleClassName ? `${classes.title} ${titleClassName}` : classes.title}>
        {children}
      </Title>
      <div className={classes.ornament} aria-hidden="true">
        <span className={classes.diamond} />
      </div>
    </div>
  );
}
