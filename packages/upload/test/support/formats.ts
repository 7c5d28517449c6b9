import { PNG } from "pngjs";

// Leading bytes of real formats, enough for file-type to recognise them.

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const pad = (head: number[], size = 256) => {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
};
const ebml = (docType: string) => [
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0xf7,
  0x81,
  0x01,
  0x42,
  0xf2,
  0x81,
  0x04,
  0x42,
  0xf3,
  0x81,
  0x08,
  0x42,
  0x82,
  0x80 | docType.length,
  ...ascii(docType),
  0x42,
  0x87,
  0x81,
  0x04,
  0x42,
  0x85,
  0x81,
  0x02,
];

/** A real PNG of the given size. */
export const png = (width: number, height: number) => new Uint8Array(PNG.sync.write(new PNG({ width, height })));

/** A GIF header. */
export const gif = () => pad(ascii("GIF89a"));

/** A WebM (EBML, doctype webm) header. */
export const webm = () => pad(ebml("webm"));

/** A Matroska (EBML, doctype matroska) header. */
export const matroska = () => pad(ebml("matroska"));
