import { crc32 } from 'node:zlib';

/**
 * Images whose headers declare far more pixels than they hold: what a decoder would have to
 * allocate, while the file stays a few hundred bytes. Only the header needs reading to refuse
 * them, so a test of that never decodes a large image itself.
 */

/** A JPEG's frame header (SOF0–SOF2) set to width × height. */
export function jpegDeclaring(source: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(source);
  for (let offset = 2; offset + 9 < bytes.length; ) {
    const marker = bytes[offset + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, offset + 5);
      bytes.writeUInt16BE(width, offset + 7);
      return bytes;
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error('no frame header in this JPEG');
}

/** A PNG's IHDR set to width × height, with its CRC (which covers the chunk's type and data) made right. */
export function pngDeclaring(source: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(source);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)) >>> 0, 29);
  return bytes;
}
