import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/** A truecolour PNG, drawn by a function of the pixel; enough for icons and test tiles. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * stride + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The app icon (a white warning triangle on the map's red), drawn here so the build needs no image
 * tools. Android wants PNG icons of 192 and 512 px to offer "Install app".
 */
export function pngIcon(size: number): Buffer {
  const red: Rgb = [0xb3, 0x26, 0x1e];
  const white: Rgb = [0xff, 0xff, 0xff];
  const inTriangle = (x: number, y: number) =>
    y >= 0.2 && y <= 0.8 && Math.abs(x - 0.5) <= ((y - 0.2) / 0.6) * 0.34;
  const inMark = (x: number, y: number) =>
    Math.abs(x - 0.5) < 0.035 && ((y > 0.4 && y < 0.64) || (y > 0.68 && y < 0.74));
  return encodePng(size, size, (px, py) => {
    const x = (px + 0.5) / size;
    const y = (py + 0.5) / size;
    return inTriangle(x, y) && !inMark(x, y) ? white : red;
  });
}
