// The ceiling of npm run bench:slow: each public page as the site's server renders it, with every
// script taken out (the inline ones, the module scripts and their preloads, the JSON the takeover
// reads), kept as a file beside the build and sent by the same server as its other files (sirv,
// compressed as the server compresses a page). What a visitor would get from plain HTML and CSS.
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageVersion } from '../../web/server/page-cache.mjs';

const SCRIPTS = /[ \t]*<script\b[^>]*>[\s\S]*?<\/script>\n?/g;
const SCRIPT_LINKS = /[ \t]*<link\b[^>]*\b(?:rel="modulepreload"|as="script")[^>]*>\n?/g;

/** The page's HTML without any script. */
export const withoutScripts = (html) => html.replace(SCRIPTS, '').replace(SCRIPT_LINKS, '');

/**
 * A folder for the site's server to serve (its `root`): the build's files (linked, not copied),
 * and `/ceiling/` for the pages without scripts.
 */
export function siteRootWithCeiling(dist, dir) {
  mkdirSync(path.join(dir, 'ceiling'), { recursive: true });
  for (const name of readdirSync(dist)) symlinkSync(path.join(dist, name), path.join(dir, name));
  return dir;
}

/** Writes the page (as the server sent it, uncompressed) without scripts; returns its address on the site. */
export function writeCeiling(dir, name, html) {
  const version = pageVersion(200, Buffer.from(withoutScripts(html)));
  const file = path.join(dir, 'ceiling', `${name}.html`);
  writeFileSync(file, version.body('identity'));
  writeFileSync(`${file}.br`, version.body('br'));
  writeFileSync(`${file}.gz`, version.body('gzip'));
  return `/ceiling/${name}.html`;
}
