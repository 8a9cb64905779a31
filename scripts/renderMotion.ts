/**
 * Renders glTF animations side by side, as an animator would look at them: three.js (the player most users
 * ship with) in Debian's headless Chromium, one column per file and one row per frame, clay-shaded, the same
 * camera for every cell, plus an overlay column (the first file grey and translucent, the others in colour) where
 * a lag, a swing or a part that floats shows at a glance. Writes one PNG.
 *
 *   node --import tsx scripts/renderMotion.ts IN.glb OUT.glb [MORE.glb…] --clip Walking --frames 0,6,12,18 \
 *     --png sheet.png [--fps 24] [--cell 360] [--view front|side|three-quarter|top] [--focus MESH] [--no-overlay]
 *
 * `--clip` takes a name or an index (the same clip name is looked up in every file, so a baked file's
 * "Walking (baked)" is found from "Walking"); `--focus MESH` frames the camera on one mesh node by name (a foot, a
 * visor). The files are served from memory on a loopback port for the page only. Chromium is /usr/bin/chromium
 * (OVERLAP_CHROMIUM to change), WebGL on SwiftShader.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

interface Options {
  files: string[];
  clip: string;
  frames: number[];
  png: string;
  fps: number;
  cell: number;
  view: string;
  focus: string | null;
  overlay: boolean;
}

function parseArguments(argv: string[]): Options {
  const options: Options = { files: [], clip: '0', frames: [0], png: 'motion.png', fps: 24, cell: 360, view: 'three-quarter', focus: null, overlay: true };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return next;
    };
    switch (argv[i]) {
      case '--clip':
        options.clip = value();
        break;
      case '--frames':
        options.frames = value().split(',').map(Number);
        break;
      case '--png':
        options.png = value();
        break;
      case '--fps':
        options.fps = Number(value());
        break;
      case '--cell':
        options.cell = Number(value());
        break;
      case '--view':
        options.view = value();
        break;
      case '--focus':
        options.focus = value();
        break;
      case '--no-overlay':
        options.overlay = false;
        break;
      default:
        if (argv[i].startsWith('--')) throw new Error(`unknown option ${argv[i]}`);
        options.files.push(argv[i]);
    }
  }
  if (options.files.length === 0) throw new Error('name at least one glTF file');
  if (options.frames.some((f) => !Number.isFinite(f))) throw new Error('--frames takes numbers separated by commas');
  return options;
}

const PAGE = `<!doctype html><html><head><style>body{margin:0;background:#fff}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
</head><body><canvas id="c"></canvas><script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
window.renderSheet = async (o) => {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const colours = [0xb8b2a7, 0xe0803a, 0x4a90d9, 0x5fb35f];
  const loaded = [];
  for (let k = 0; k < o.files.length; k++) {
    const gltf = await loader.loadAsync('/file/' + k);
    const clips = gltf.animations;
    const byIndex = /^\\d+$/.test(o.clip) ? clips[Number(o.clip)] : null;
    const clip = byIndex ?? clips.find((c) => c.name === o.clip + ' (baked)') ?? clips.find((c) => c.name === o.clip) ?? clips[0];
    loaded.push({ gltf, clip });
  }
  const W = o.cell, H = o.cell;
  const columns = o.files.length + (o.overlay && o.files.length > 1 ? 1 : 0);
  const canvas = document.getElementById('c');
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setSize(W * columns, H * o.frames.length + 24);
  renderer.setScissorTest(true);
  renderer.setClearColor(0xffffff);
  renderer.clear();
  const clay = (colour, opacity) => new THREE.MeshStandardMaterial({ color: colour, roughness: 0.8, metalness: 0, side: THREE.DoubleSide, transparent: opacity < 1, opacity, depthWrite: opacity === 1 });
  const makeScene = () => {
    const s = new THREE.Scene();
    s.add(new THREE.HemisphereLight(0xffffff, 0x667788, 1.6));
    const d = new THREE.DirectionalLight(0xffffff, 1.8); d.position.set(2, 4, 3); s.add(d);
    return s;
  };
  // Every file in its own scene, and each again, re-coloured, for the overlay.
  const instances = loaded.map(({ gltf, clip }, k) => {
    const make = (colour, opacity) => {
      const root = k === 0 && opacity === 1 ? gltf.scene : (await_clone(gltf.scene));
      root.traverse((n) => { if (n.isMesh) { n.material = clay(colour, opacity); n.frustumCulled = false; } });
      const mixer = new THREE.AnimationMixer(root);
      const action = mixer.clipAction(clip); action.setLoop(THREE.LoopRepeat, Infinity); action.play();
      return { root, mixer };
    };
    return { own: make(k === 0 ? colours[0] : colours[k], 1), overlay: make(colours[k], k === 0 ? 0.35 : 1) };
  });
  function await_clone(scene) { return window.SkeletonUtilsClone(scene); }
  // Camera: the bounds of the first file (or of its focus mesh) over the frames shown.
  const box = new THREE.Box3();
  for (const f of o.frames) {
    instances[0].own.mixer.setTime(f / o.fps);
    instances[0].own.root.updateMatrixWorld(true);
    instances[0].own.root.traverse((n) => { if (n.isMesh && (!o.focus || n.name === o.focus || n.parent?.name === o.focus)) box.expandByObject(n, true); });
  }
  const center = box.getCenter(new THREE.Vector3());
  const radius = box.getSize(new THREE.Vector3()).length() / 2 || 1;
  const directions = { front: [0, 0.15, 1], side: [1, 0.15, 0], 'three-quarter': [0.8, 0.35, 1], top: [0, 1, 0.01] };
  const dir = new THREE.Vector3(...(directions[o.view] ?? directions['three-quarter'])).normalize();
  const camera = new THREE.PerspectiveCamera(30, 1, radius / 100, radius * 100);
  // The closest distance along dir at which every corner of the box is inside the 30° frustum (5% margin).
  camera.position.copy(center).addScaledVector(dir, radius);
  camera.lookAt(center);
  camera.updateMatrixWorld();
  const right = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
  const up = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
  const tan = Math.tan(THREE.MathUtils.degToRad(15)) / 1.05;
  let distance = 0;
  for (let i = 0; i < 8; i++) {
    const corner = new THREE.Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z).sub(center);
    const lateral = Math.max(Math.abs(corner.dot(right)), Math.abs(corner.dot(up)));
    distance = Math.max(distance, lateral / tan + corner.dot(dir));
  }
  camera.position.copy(center).addScaledVector(dir, distance);
  camera.lookAt(center);
  const scenes = instances.map((inst) => { const s = makeScene(); s.add(inst.own.root); return s; });
  const overlayScene = makeScene();
  if (columns > o.files.length) for (const inst of instances) overlayScene.add(inst.overlay.root);
  o.frames.forEach((f, row) => {
    const y = H * (o.frames.length - 1 - row);
    for (const inst of instances) { inst.own.mixer.setTime(f / o.fps); inst.overlay.mixer.setTime(f / o.fps); }
    const cell = (c, scene) => {
      renderer.setViewport(W * c, y, W, H); renderer.setScissor(W * c, y, W, H);
      renderer.setClearColor(row % 2 ? 0xf4f4f4 : 0xffffff); renderer.clear();
      renderer.render(scene, camera);
    };
    scenes.forEach((s, c) => cell(c, s));
    if (columns > o.files.length) {
      // The overlay: opaque coloured files first, the translucent first file over them.
      cell(o.files.length, overlayScene);
    }
  });
  return canvas.toDataURL('image/png');
};
</script><script type="module">
import { clone } from 'three/addons/utils/SkeletonUtils.js';
window.SkeletonUtilsClone = clone;
window.ready = true;
</script></body></html>`;

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const threeRoot = join(root, 'node_modules', 'three');
  const files = options.files.map((file) => readFileSync(file));
  const server = createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '/').split('?')[0]);
    try {
      if (url === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (url.startsWith('/file/')) return void response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(files[Number(url.slice(6))]);
      if (url.startsWith('/three/') && !url.includes('..')) {
        return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(threeRoot, url.slice(7))));
      }
    } catch {
      // fall through to 404
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.OVERLAP_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-gl=angle',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`page: ${message.text()}`);
    });
    page.on('pageerror', (error) => console.error(`page: ${error.message}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const url = (await page.evaluate((o) => (window as unknown as { renderSheet(o: unknown): Promise<string> }).renderSheet(o), {
      files: options.files,
      clip: options.clip,
      frames: options.frames,
      fps: options.fps,
      cell: options.cell,
      view: options.view,
      focus: options.focus,
      overlay: options.overlay,
    })) as string;
    writeFileSync(options.png, Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
    const names = options.files.map((f) => f.split('/').pop()).join(' | ');
    console.log(
      `wrote ${options.png}: columns ${names}${options.overlay && files.length > 1 ? ' | overlay (first grey)' : ''}; rows frames ${options.frames.join(', ')}`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(`renderMotion: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
