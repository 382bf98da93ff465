/** A Fontsource latin face and the names of our two cuts of it. */
type Face = { stylesheet: string; style: 'normal' | 'italic'; source: string; german: string; rest: string };

export const FONTS_DIR: string;
export const FACES: Face[];
export function cutFaces(): Promise<Array<Face & { originalSize: number; germanBytes: Buffer; restBytes: Buffer }>>;
export function fontsStylesheet(): Promise<string>;
