import classes from './programme.module.css';

/** The star that puts an entry into Mein Plan, or takes it out. */
export function StarButton({ title, starred, onToggle }: { title: string; starred: boolean; onToggle: () => void }) {
  return (
    <button type="button" className={classes.star} aria-pressed={starred} onClick={onToggle} aria-label={`${title}: in Mein Plan`}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8Z" />
      </svg>
    </button>
  );
}
