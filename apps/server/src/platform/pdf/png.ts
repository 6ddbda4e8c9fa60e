import { inflateSync } from 'node:zlib';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PREFIX = 'data:image/png;base64,';
/** Larger images are refused: a signature or a small picture never needs more. */
const MAX_PIXELS = 16_000_000;

/** Channels per pixel of each PNG colour type, and the bit depths the type allows. */
const COLOR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

export interface PngInfo {
  width: number;
  height: number;
}

/**
 * Checks a PNG fully before it goes into a PDF: the PDF library decodes images in a callback where a
 * corrupt one would throw outside any request (and stop the process). So: chunks well formed, a
 * supported non-interlaced header, a palette when needed, image data that inflates to exactly the
 * expected size, and a valid filter byte on every row. Null when any check fails.
 */
export function readPng(bytes: Buffer): PngInfo | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return null;
  let pos = 8;
  let header: { width: number; height: number; depth: number; colorType: number } | undefined;
  let palette = false;
  const data: Buffer[] = [];
  let ended = false;
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const start = pos + 8;
    const end = start + length;
    if (end + 4 > bytes.length) return null;
    const body = bytes.subarray(start, end);
    if (!header && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (header || length !== 13) return null;
      const [depth, colorType, compression, filter, interlace] = body.subarray(8, 13);
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: depth!,
        colorType: colorType!,
      };
      if (compression !== 0 || filter !== 0 || interlace !== 0) return null;
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos = end + 4;
  }
  if (!header || !ended || data.length === 0) return null;
  const { width, height, depth, colorType } = header;
  const kind = COLOR_TYPES[colorType];
  if (!kind?.depths.includes(depth) || (colorType === 3 && !palette)) return null;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  const rowBytes = 1 + Math.ceil((width * kind.channels * depth) / 8);
  const expected = rowBytes * height;
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return null;
  }
  if (pixels.length !== expected) return null;
  for (let row = 0; row < height; row++) if (pixels[row * rowBytes]! > 4) return null;
  return { width, height };
}

/** The size of a PNG image given as a data URL, or null when it is not a sound PNG (see readPng). */
export function pngDataUrlSize(dataUrl: string | null | undefined): PngInfo | null {
  if (!dataUrl?.startsWith(PREFIX)) return null;
  return readPng(Buffer.from(dataUrl.slice(PREFIX.length), 'base64'));
}
