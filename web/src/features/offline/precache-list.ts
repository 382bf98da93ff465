/*
 * Which of the build's files the service worker precaches (docs/decisions/037): what the public
 * pages can load, from Vite's manifest, and not the organisers' dashboard, whose code a guest's
 * phone never needs. Run by the build (vite.config.ts), never in the browser.
 */

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };

/** A dynamic import into the organisers' side: the dashboard's routes and their features. */
const isDashboard = (key: string) => /(^|\/)src\/(app\/routes|features)\/admin\//.test(key);

/**
 * The German cuts of the fonts, which every public page draws with. The other subsets (the rest of
 * latin, latin-ext for names such as "Łukasz", other scripts) are asked for only by a page whose
 * text has such a letter; the worker keeps each one a page asked for (sw.ts, fonts), instead of
 * sending all of them (250 kB) over the festival ground's connection with every install.
 */
const isGermanFont = (file: string) => !/\.woff2$/.test(file) || /-german-/.test(file);

/** The files (as in the build folder, e.g. `assets/index-abc.js`) the public pages can load. */
export function publicBuildFiles(manifest: Record<string, ManifestChunk>, entry = 'index.html'): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || isDashboard(key)) return;
    seen.add(key);
    if (!chunk.file.endsWith('.html')) files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  // The one stylesheet (cssCodeSplit off) is listed under its own key.
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.css')) files.add(chunk.file);
  return new Set([...files].filter(isGermanFont));
}
