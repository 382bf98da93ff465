declare module '*.svg' {
  const url: string;
  export default url;
}

/** Vite's import.meta.glob, as the panel's build (Vite) resolves it. */
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: string }): Record<string, T>;
}
