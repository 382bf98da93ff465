type Watcher = { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] };

/** Every observer the code under test has made and not disconnected. */
export const watchers: Watcher[] = [];

/** Stands in for the browser's IntersectionObserver (vi.stubGlobal); jsdom has none. */
export class FakeIntersectionObserver {
  private readonly watcher: Watcher;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.watcher = { callback, options, targets: [] };
    watchers.push(this.watcher);
  }
  observe(target: Element) {
    this.watcher.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    watchers.splice(watchers.indexOf(this.watcher), 1);
  }
}

/** The browser reports the element within the watched margin of the screen. */
export function scrollNear(target: Element) {
  for (const watcher of watchers.filter((each) => each.targets.includes(target))) {
    watcher.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], watcher as never);
  }
}
