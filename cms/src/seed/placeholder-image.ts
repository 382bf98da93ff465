import sharp from 'sharp';
import type { PlaceholderArt } from './demo-content';

const MOTIFS: Record<PlaceholderArt['motif'], string> = {
  shield: 'M0,-120 L110,-80 L100,40 Q60,110 0,140 Q-60,110 -100,40 L-110,-80 Z',
  banner: 'M-90,-130 L90,-130 L90,110 L0,60 L-90,110 Z',
  flame: 'M0,-140 C60,-60 110,-20 70,70 C50,120 -50,120 -70,70 C-110,-20 -40,-40 0,-140 Z',
  tower: 'M-80,140 L-80,-60 L-100,-60 L-100,-130 L-60,-130 L-60,-100 L-20,-100 L-20,-130 L20,-130 L20,-100 L60,-100 L60,-130 L100,-130 L100,-60 L80,-60 L80,140 Z',
  horn: 'M-120,-40 C-40,-120 80,-100 120,-130 L130,-110 C100,-40 0,60 -90,40 C-130,30 -140,-10 -120,-40 Z',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A locally drawn placeholder picture: a heraldic motif on a dark field with a caption. */
export function placeholderSvg({ label, hue, motif }: PlaceholderArt, width: number, height: number) {
  const scale = Math.min(width, height) / 420;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="field" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,22%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 30) % 360},35%,9%)"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.6">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)" stop-opacity="0.45"/>
      <stop offset="1" stop-color="hsl(${hue},70%,55%)" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#field)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <rect x="${12 * scale}" y="${12 * scale}" width="${width - 24 * scale}" height="${height - 24 * scale}" fill="none" stroke="hsl(42,60%,62%)" stroke-opacity="0.55" stroke-width="${3 * scale}"/>
  <g transform="translate(${width / 2} ${height * 0.44}) scale(${scale})">
    <path d="${MOTIFS[motif]}" fill="hsl(${hue},55%,38%)" stroke="hsl(42,65%,60%)" stroke-width="8"/>
  </g>
  <text x="50%" y="${height - 40 * scale}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-size="${30 * scale}" font-weight="bold" fill="hsl(42,70%,82%)">${escapeXml(label)}</text>
</svg>`;
}

// Sized and encoded the way an editor should upload: Strapi re-encodes its smaller formats
// (thumbnail, small, medium, large) from the original with sharp's defaults, so the original's
// format decides theirs. WebP keeps every format small; JPEG and PNG stay where a picture must
// be one (the agenda's photos, the share image for link previews, the logo).
export async function placeholderJpeg(art: PlaceholderArt, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(art, width, height))).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

export async function placeholderWebp(art: PlaceholderArt, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(art, width, height))).webp({ quality: 80, effort: 6 }).toBuffer();
}

/** A palette PNG: a fifth of a full-colour one, and no visible difference on these flat fields. */
export async function placeholderPng(art: PlaceholderArt, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(placeholderSvg(art, width, height)))
    .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
    .toBuffer();
}
