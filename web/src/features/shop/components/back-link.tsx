import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';

function ArrowLeft() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** "Zurück zum Shop" at the top of the item and cart pages. */
export function BackToShop({ className }: { className?: string }) {
  return (
    <Button component={Link} to="/shop" variant="subtle" color="gold.3" leftSection={<ArrowLeft />} className={className}>
      Zurück zum Shop
    </Button>
  );
}
