import sharp from 'sharp';
const [out, ...files] = process.argv.slice(2);
const imgs = await Promise.all(files.map(async f => ({ f, m: await sharp(f).metadata() })));
const W = imgs.reduce((s, i) => s + i.m.width + 10, 0), H = Math.max(...imgs.map(i => i.m.height));
let x = 0; const comp = [];
for (const i of imgs) { comp.push({ input: i.f, left: x, top: 0 }); x += i.m.width + 10; }
await sharp({ create: { width: W, height: H, channels: 3, background: '#888' } }).composite(comp).png().toFile(out);
