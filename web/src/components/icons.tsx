// Line icons drawn inline. They live apart from the components that use them, so importing one
// pulls no heavier code into a page's first load (a shared icon exported from lightbox.tsx put
// the lightbox there; one from cart-button.tsx, the cart's schemas).

const stroke = { fill: 'none', stroke: 'currentColor', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} strokeWidth="2.2" {...stroke} />
    </svg>
  );
}

export function BasketIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 9h18l-2 11H5L3 9Zm5 0 4-6 4 6M9 13v4m3-4v4m3-4v4" strokeWidth="1.8" {...stroke} />
    </svg>
  );
}
