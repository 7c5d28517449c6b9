import { open } from "node:fs/promises";
import { imageSize } from "image-size";

/** image-size reads at most this much of a file (as its own `imageSizeFromFile` does). */
const HEAD_BYTES = 512 * 1024;

/**
 * Width and height of an uploaded image, measured from its bytes (spec, States
 * and transitions: "width and height of images ... are measured ... when
 * omitted"). EXIF orientations 5 to 8 turn the picture a quarter, so the sides
 * swap. Null when the bytes are not an image image-size can read.
 */
export async function measureImage(path: string): Promise<{ width: number; height: number } | null> {
  try {
    const handle = await open(path, "r");
    try {
      const head = new Uint8Array(HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
      const size = imageSize(head.subarray(0, bytesRead));
      if (!size.width || !size.height) return null;
      const turned = (size.orientation ?? 1) >= 5;
      return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "W:H" reduced: 1920x1080 gives "16:9". */
export function aspectRatioOf(width: number, height: number): string {
  const divisor = gcd(width, height);
  return `${width / divisor}:${height / divisor}`;
}
