export const FONTS_DIR: string;
export const FACES: Array<{ stylesheet: string; source: string; file: string }>;
export function cutFaces(): Promise<Array<{ stylesheet: string; source: string; file: string; originalSize: number; bytes: Buffer }>>;
export function fontsStylesheet(): Promise<string>;
