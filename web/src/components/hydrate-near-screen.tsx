import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

// A section starts hydrating one screen's height before it scrolls into view.
const AHEAD = '100% 0px';

// Input that may reach the section before the observer has reported it (a fast scroll, a tap
// right after a jump, the keyboard): it opens the section first, so React can take it over in
// time to handle that very event.
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click'] as const;

/** A promise the gate can read without waiting: it carries the status fields React's use() looks at. */
type Opening = Promise<void> & { status?: 'fulfilled'; value?: undefined };

/**
 * Marks the promise resolved at once, not a microtask later: React then reads it
 * without suspending, within the very event that opened the section.
 */
const markOpen = (opening: Opening): Promise<void> => Object.assign(opening, { status: 'fulfilled' as const, value: undefined });

const openings = new Map<string, Opening>();
const openers = new Set<() => void>();
let navigated = false;

/**
 * Takes every waiting section over, for a navigation: a new address changes the router's context
 * inside them, and React could not finish that update while any of them still waited. Gates met
 * for the first time after it (cms text inside a section just taken over) open at once too.
 */
export function openWaitingSections() {
  navigated = true;
  for (const open of [...openers]) open();
}

/**
 * Resolves once input is aimed at the element or, when `watchScreen`, once it comes within AHEAD
 * of the screen; at once after a navigation, or when the element or the observer is missing.
 */
function opening(anchorId: string, watchScreen: boolean): Opening {
  const known = openings.get(anchorId);
  if (known) return known;

  let resolve!: () => void;
  const opening: Opening = new Promise<void>((settle) => {
    resolve = settle;
  });
  openings.set(anchorId, opening);

  const anchor = document.getElementById(anchorId);
  if (navigated || !anchor || typeof IntersectionObserver === 'undefined') {
    markOpen(opening);
    resolve();
    return opening;
  }
  const onInput = (event: Event) => {
    if (event.target instanceof Node && anchor.contains(event.target)) open();
  };
  const observer = watchScreen
    ? new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) open();
      }, { rootMargin: AHEAD })
    : null;
  function open() {
    openers.delete(open);
    observer?.disconnect();
    for (const type of INPUT_EVENTS) document.removeEventListener(type, onInput, true);
    // React takes the section over within the input event that opened it, before the event
    // reaches the section's handlers.
    markOpen(opening);
    resolve();
  }
  openers.add(open);
  observer?.observe(anchor);
  // On the document, in the capture phase: ahead of React's own listeners on #root.
  for (const type of INPUT_EVENTS) document.addEventListener(type, onInput, true);
  return opening;
}

const noSubscription = () => () => {};

/** True on the server and while React hydrates the server's markup; React asks for the server snapshot only then. */
export const useServerMarkup = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

type GateProps = { anchorId: string; watchScreen: boolean; children: ReactNode };

function Gate({ anchorId, watchScreen, children }: GateProps) {
  const hydrating = useServerMarkup() && typeof document !== 'undefined';
  if (hydrating) {
    const waiting = opening(anchorId, watchScreen);
    // Suspending while hydrating keeps the server's markup on screen, readable, until the promise
    // resolves. Thrown, not read with use(): a component that called use() kept every lazy
    // component below it from ever showing once loaded (React 19.2), and a render in the
    // browser, which never waits, need not read it at all.
    if (waiting.status !== 'fulfilled') throw waiting;
  }
  return children;
}

type HydrateNearScreenProps = {
  /** The id of the element its children draw first (the section itself): it is what is watched. */
  anchorId: string;
  children: ReactNode;
};

/**
 * Markup the server sent stays as it is until it comes near the screen; only then does React
 * take it over. A long page's first seconds on a phone go to what is on screen, not to sections
 * far below it. Rendered in the browser (after a navigation), the children draw at once.
 */
export function HydrateNearScreen({ anchorId, children }: HydrateNearScreenProps) {
  return (
    <Suspense fallback={null}>
      <Gate anchorId={anchorId} watchScreen>
        {children}
      </Gate>
    </Suspense>
  );
}

/**
 * Markup the server sent stays as it is, on screen and readable, until input is aimed at it (a
 * tap, a click, the keyboard's focus) or the visitor moves to another page; only then does React
 * take it over. For markup that needs React only to react, not to be read: cms text, whose
 * parser would otherwise load and run on every page load to draw again what the server drew.
 * Children that load their code lazily need a Suspense boundary of their own inside it: one
 * that suspends on this boundary beside the gate never showed in a render in the browser.
 */
export function HydrateOnInput({ anchorId, children }: HydrateNearScreenProps) {
  return (
    <Suspense fallback={null}>
      <Gate anchorId={anchorId} watchScreen={false}>
        {children}
      </Gate>
    </Suspense>
  );
}
