import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The demo installers' photo: a drawn picture (a dashboard's dark panel under a windscreen, a terminal
 * fitted behind it with its green light) as a real PNG, so the order screens show an image as they
 * would a phone's photo. `shade` varies it between orders.
 */
export function demoInstallPhoto(shade: number, width = 320, height = 240): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number];
      if (y < height * 0.4) rgb = [150 + (y * 60) / height, 185 + (y * 40) / height, 215 + shade % 30]; // windscreen sky
      else rgb = [45 + (x * 20) / width, 48, 52]; // dashboard panel
      const inBox = x > width * 0.35 && x < width * 0.65 && y > height * 0.55 && y < height * 0.8;
      if (inBox) rgb = [25, 25, 28];
      const light = (x - width * 0.6) ** 2 + (y - height * 0.6) ** 2 < 16;
      if (light) rgb = [40, 220, 90];
      raw.set(rgb.map(Math.round), row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
