/**
 * A real WAV: 16-bit mono PCM at 8 kHz, a soft tone whose pitch depends on
 * `seed`. Written by hand because the format is a 44-byte header and samples; a
 * library would add nothing.
 */
export function renderWav(durationMs: number, seed: number): Buffer {
  const sampleRate = 8000;
  const samples = Math.max(1, Math.round((durationMs / 1000) * sampleRate));
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples * 2, 40);
  const frequency = 220 + (seed % 8) * 55;
  for (let i = 0; i < samples; i += 1) {
    const value = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.25 * 32767;
    buffer.writeInt16LE(Math.round(value), 44 + i * 2);
  }
  return buffer;
}
