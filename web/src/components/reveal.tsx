import type { CSSProperties, ReactNode } from 'react';
import { useReveal } from '@/lib/use-reveal';
import classes from './reveal.module.css';

type RevealProps = {
  children: ReactNode;
  /** Milliseconds to wait once in view, to stagger the items of a list. */
  delay?: number;
  className?: string;
};

/**
 * Fades its content in when it scrolls into view (once), unless the visitor prefers reduced
 * motion; content that takes focus shows at once.
 */
export function Reveal({ children, delay = 0, className }: RevealProps) {
  const { ref, revealed, show } = useReveal<HTMLDivElement>();
  // The delay is per item, so it travels as a custom property rather than a class.
  const delayStyle = delay > 0 ? ({ '--reveal-delay': `${delay}ms` } as CSSProperties) : undefined;

  return (
    <div
      ref={ref}
      className={className ? `${classes.reveal} ${className}` : classes.reveal}
      data-reveal=""
      data-revealed={revealed || undefined}
      style={delayStyle}
      onFocus={show}
    >
      {children}
    </div>
  );
}
