import { KYC_MAX_BYTES, KYC_MESSAGES, type KycMime } from '@app/shared';
import { AppError } from '../../errors';

/**
 * An upload's checks (decision 180): the type is read from the bytes, never from the name or the
 * Content-Type; an image must be a whole JPEG or PNG; images leave without their metadata (EXIF with
 * its location, XMP, comments, text chunks), which a re-encode would also remove but at the price of a
 * native library; the segments and chunks that draw the picture are kept byte for byte.
 */
export function sniffMime(bytes: Buffer): KycMime | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG markers kept: APP0 (JFIF) and APP14 (Adobe colour transform) draw; other APPn and COM do not. */
const JPEG_KEPT_APP = new Set([0xe0, 0xee]);

class NotAnImage extends Error {}

/** The JPEG without APP1–APP13, APP15 and COM segments; throws when the structure is broken. */
export function stripJpeg(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new NotAnImage();
    const marker = bytes[at + 1] as number;
    if (marker === 0xda) {
      // Start of scan: the picture data runs to the end (EOI required).
      if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) throw new NotAnImage();
      out.push(bytes.subarray(at));
      return Buffer.concat(out);
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) throw new NotAnImage();
    const isMeta = (marker >= 0xe1 && marker <= 0xef && !JPEG_KEPT_APP.has(marker)) || marker === 0xfe;
    if (!isMeta) out.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
}

/** PNG chunks that carry metadata, not pixels: text, EXIF, time. */
const PNG_META = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** The PNG without its metadata chunks; throws when the chunk structure is broken or IHDR/IEND missing. */
export function stripPng(bytes: Buffer): Buffer {
  const out: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let first = true;
  for (;;) {
    if (at + 12 > bytes.length) throw new NotAnImage();
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > bytes.length || (first && type !== 'IHDR')) throw new NotAnImage();
    first = false;
    if (!PNG_META.has(type)) out.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(out);
  }
}

/** The checked file and its real type, or a 400 with the reason (nothing is stored). */
export function checkUpload(bytes: Buffer): { bytes: Buffer; mime: KycMime } {
  if (bytes.length === 0) throw AppError.validation('file', KYC_MESSAGES.emptyFile);
  if (bytes.length > KYC_MAX_BYTES) throw AppError.validation('file', KYC_MESSAGES.tooLarge);
  const mime = sniffMime(bytes);
  if (!mime) throw AppError.validation('file', KYC_MESSAGES.typeNotAllowed);
  if (mime === 'application/pdf') return { bytes, mime };
  try {
    return { bytes: mime === 'image/jpeg' ? stripJpeg(bytes) : stripPng(bytes), mime };
  } catch (error) {
    if (error instanceof NotAnImage || error instanceof RangeError)
      throw AppError.validation('file', KYC_MESSAGES.typeNotAllowed);
    throw error;
  }
}
