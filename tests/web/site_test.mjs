// The browser app in a real browser: Debian's chromium, headless (SwiftShader's WebGL2), driven by
// puppeteer-core, against the site scripts/web built, served on 127.0.0.1 by this script.
//   node site_test.mjs CASE --site DIR [--tilescope EXE] [--out DIR]
// CASE: start (no console error, every pattern's view drawn), scene:NAME (the canvas's view area
// against `tilescope shot --scene` of the same scene at the same size), keys (+ ] c t change the
// view), open (a .png and a .npy given to the page are shown), tour (PageDown / PageUp,
// presentation mode), page (devicePixelRatio, settings in localStorage), shot:HASH --file F (a
// screenshot of the page), bench (bench/results/2026-11-29-web.md). Prints what it saw; exits 0 on success, 1 on a failure,
// 77 when it cannot run here (no chromium, no puppeteer-core, no site: ctest reports it skipped).
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';

const SKIP = 77;
const args = process.argv.slice(2);
const testCase = args[0];
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const site = option('--site') && path.resolve(option('--site'));
const tilescope = option('--tilescope');
const chromium = option('--chromium', '/usr/bin/chromium');
const modules = option('--modules');  // the folder holding node_modules (build-web/npm)
const outDir = option('--out', os.tmpdir());
fs.mkdirSync(outDir, {recursive: true});
const W = 1280, H = 720;  // the canvas's size in the tests (CSS pixels, devicePixelRatio 1)

function skip(why) {
  console.log(`skipped: ${why}`);
  process.exit(SKIP);
}
function fail(why) {
  console.log(`FAILED: ${why}`);
  process.exitCode = 1;
}
if (!site || !fs.existsSync(path.join(site, 'tilescope.wasm'))) skip(`no site at ${site} (scripts/web builds it)`);
if (!fs.existsSync(chromium)) skip(`no ${chromium} (apt-get install chromium)`);
let puppeteer, PNG;
try {
  const require = createRequire(path.join(path.resolve(modules || '.'), 'node_modules', 'x.js'));
  puppeteer = require('puppeteer-core');
  PNG = require('pngjs').PNG;
} catch (e) {
  skip(`no puppeteer-core / pngjs under ${modules} (scripts/web --tests installs them): ${e.message}`);
}

// The site on 127.0.0.1, with the headers scripts/web --serve sends.
const types = {'.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.data': 'application/octet-stream'};
function serve() {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.join(site, path.normalize(name));
    if (!file.startsWith(path.resolve(site)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': types[path.extname(file)] || 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function openBrowser() {
  return puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-gpu-sandbox', '--no-first-run', '--disable-extensions'],
  });
}

// A page on the site with the console watched: errors (console.error, uncaught exceptions, failed
// requests) collected into `errors`.
async function openPage(browser, base, hash) {
  const page = await browser.newPage();
  await page.setViewport({width: W, height: H + 28, deviceScaleFactor: 1});
  const errors = [], log = [];
  page.on('console', m => {
    log.push(`${m.type()}: ${m.text()}`);
    if (process.env.TILESCOPE_WEB_VERBOSE) console.log(`  console ${m.type()}: ${m.text()}`);
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', e => errors.push(`uncaught: ${e.message}`));
  page.on('requestfailed', r => errors.push(`request failed: ${r.url()}`));
  page.on('response', r => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const sizeHash = `${hash ? hash + '&' : ''}size=${W}x${H}`;
  await page.goto(`${base}/index.html#${sizeHash}`, {waitUntil: 'load'});
  return {page, errors, log};
}

async function waitFrames(page, n) {
  const now = await page.evaluate(() => (window.Module && Module.frames) || 0);
  await page.waitForFunction(target => window.Module && Module.frames >= target, {timeout: 60000, polling: 50}, now + n);
}

// The canvas's pixels (RGBA, W x H, rows top-down).
async function canvasPixels(page) {
  const png = await (await page.$('#canvas')).screenshot({type: 'png'});
  return PNG.sync.read(Buffer.from(png));
}

// The view area: right of the sidebar (app/shell/app.cpp layout_for: min(45% of the width, 430)).
const VIEW = {x0: Math.min(Math.floor(W * 0.45), 430) + 2, y0: 0, x1: W, y1: H};

// How two images differ over the view area: the share of pixels off by more than 48 in a channel,
// and the mean absolute difference per channel.
function compare(a, b, region = VIEW) {
  let off = 0, sum = 0, n = 0;
  for (let y = region.y0; y < region.y1; ++y)
    for (let x = region.x0; x < region.x1; ++x) {
      const i = (y * a.width + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; ++c) {
        const d = Math.abs(a.data[i + c] - b.data[i + c]);
        sum += d;
        worst = Math.max(worst, d);
      }
      if (worst > 48) ++off;
      ++n;
    }
  return {offShare: off / n, meanAbs: sum / (3 * n)};
}
function savePng(img, file) {
  fs.writeFileSync(file, PNG.sync.write(img));
}

// The share of the view's pixels of `a` that no pixel of `b` within one pixel matches within 48 in
// every channel, taken both ways: a line drawn one pixel aside still matches, a missing or moved
// tile, halo, tap or image does not.
function offBeyondOnePixel(a, b, region = VIEW) {
  const oneWay = (p, q) => {
    let off = 0, n = 0;
    for (let y = region.y0; y < region.y1; ++y)
      for (let x = region.x0; x < region.x1; ++x, ++n) {
        const i = (y * p.width + x) * 4;
        let matched = false;
        for (let dy = -1; dy <= 1 && !matched; ++dy)
          for (let dx = -1; dx <= 1 && !matched; ++dx) {
            const yy = y + dy, xx = x + dx;
            if (yy < 0 || yy >= q.height || xx < 0 || xx >= q.width) continue;
            const j = (yy * q.width + xx) * 4;
            matched = Math.abs(p.data[i] - q.data[j]) <= 48 && Math.abs(p.data[i + 1] - q.data[j + 1]) <= 48 &&
                      Math.abs(p.data[i + 2] - q.data[j + 2]) <= 48;
          }
        if (!matched) ++off;
      }
    return off / n;
  };
  return Math.max(oneWay(a, b), oneWay(b, a));
}

// Tolerance of a scene against the desktop: SwiftShader and Mesa rasterise the same triangles a
// little differently along edges (anti-aliased lines, text: a pixel aside), the fonts'
// rasterisers are two versions of stb_truetype, and the views sample the same float textures
// nearest. At most 0.5% of the view's pixels unmatched within a pixel, mean |difference| at most 4.
const MAX_OFF_SHARE = 0.005, MAX_MEAN_ABS = 4.0;

async function sceneCase(browser, base, name) {
  if (!tilescope || !fs.existsSync(tilescope)) skip(`no desktop tilescope (${tilescope}) to compare with`);
  const scenes = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'assets', 'scenes');
  const scene = JSON.parse(fs.readFileSync(path.join(scenes, `${name}.json`), 'utf8'));
  // Both sides without the HUD (its times differ) and paused (the heat simulation runs per frame).
  scene.overlays = {...(scene.overlays || {}), hud: false};
  scene.paused = true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tilescope-web-'));
  const sceneFile = path.join(dir, `${name}.json`), desktopPng = path.join(dir, 'desktop.png');
  fs.writeFileSync(sceneFile, JSON.stringify(scene));
  execFileSync(tilescope, ['shot', '--scene', sceneFile, '--size', `${W}x${H}`, '--backend', 'cpu', '--out', desktopPng],
               {stdio: ['ignore', 'ignore', 'inherit'], env: {...process.env, OMP_NUM_THREADS: '1'}});
  const desktop = PNG.sync.read(fs.readFileSync(desktopPng));
  const {page, errors} = await openPage(browser, base, `scene=${name}&hud=0&paused=1`);
  await waitFrames(page, 8);
  const web = await canvasPixels(page);
  const d = compare(desktop, web), off = offBeyondOnePixel(desktop, web);
  const verdict = off <= MAX_OFF_SHARE && d.meanAbs <= MAX_MEAN_ABS;
  console.log(`${name}: view area ${VIEW.x1 - VIEW.x0}x${VIEW.y1 - VIEW.y0}: ${(100 * off).toFixed(3)}% of pixels ` +
              `unmatched within a pixel (at most ${100 * MAX_OFF_SHARE}%; ${(100 * d.offShare).toFixed(3)}% off by more ` +
              `than 48 in place), mean |difference| ${d.meanAbs.toFixed(3)} (at most ${MAX_MEAN_ABS})`);
  if (!verdict || process.env.TILESCOPE_WEB_KEEP) {
    savePng(web, path.join(outDir, `web-${name}.png`));
    fs.copyFileSync(desktopPng, path.join(outDir, `desktop-${name}.png`));
    console.log(`  the two canvases: ${outDir}/web-${name}.png, ${outDir}/desktop-${name}.png`);
  }
  if (!verdict) fail(`${name}: the browser's view differs from the desktop's`);
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
  fs.rmSync(dir, {recursive: true, force: true});
}

async function startCase(browser, base) {
  const {page, errors, log} = await openPage(browser, base, '');
  await waitFrames(page, 5);
  const status = await page.$eval('#status', e => e.textContent);
  console.log(`status line: ${status}`);
  // Every scene of assets/scenes is in the site (the picker lists what the page's file system holds).
  const repoScenes = fs.readdirSync(new URL('../../assets/scenes/', import.meta.url)).filter(f => f.endsWith('.json'));
  const siteScenes = await page.$$eval('#scenes option', o => o.map(x => x.value).filter(v => v));
  console.log(`scenes in the site: ${siteScenes.length} of ${repoScenes.length}`);
  if (siteScenes.length !== repoScenes.length) fail('the site lacks scenes of assets/scenes');
  // Every pattern: p shows the next; each view must differ from the last one shown.
  let last = await canvasPixels(page);
  for (let i = 0; i < 4; ++i) {
    await page.keyboard.type('p');
    await waitFrames(page, 6);
    const now = await canvasPixels(page);
    const d = compare(last, now);
    console.log(`pattern ${i + 1} -> ${(i + 2) % 4 || 4}: ${(100 * d.offShare).toFixed(1)}% of the view changed`);
    if (d.offShare < 0.01) fail(`p (next pattern) did not change the view`);
    last = now;
  }
  // What the browser lacks says why: CUDA at the start, GIF recording when asked (g).
  await page.keyboard.type('g');
  await waitFrames(page, 3);
  for (const [what, pattern] of [['CUDA', /no CUDA backend/], ['GIF', /GIF needs giflib, which the browser build has not/]]) {
    const line = log.find(l => pattern.test(l));
    console.log(`${what}: ${line || 'not said'}`);
    if (!line) fail(`the page does not say why ${what} is absent`);
  }
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
  else console.log(`no console error in ${log.length} console lines`);
}

async function keysCase(browser, base) {
  const {page, errors} = await openPage(browser, base, 'scene=ch7-2d-05-small-tile&hud=0&paused=1');
  await waitFrames(page, 6);
  for (const key of ['+', ']', 'c', 't']) {
    const before = await canvasPixels(page);
    await page.keyboard.type(key);
    await waitFrames(page, 6);
    const after = await canvasPixels(page);
    const d = compare(before, after);
    console.log(`key ${key}: ${(100 * d.offShare).toFixed(2)}% of the view changed`);
    if (d.offShare < 0.001) fail(`key ${key} did not change what is drawn`);
  }
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
}

// A file given to the page as the open button does: written into emscripten's file system, then
// tilescope_open_file.
async function giveFile(page, name, bytes) {
  await page.evaluate((n, b64) => {
    const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
    FS.mkdirTree('/opened');
    FS.writeFile('/opened/' + n, bytes);
    Module.ccall('tilescope_open_file', null, ['string'], ['/opened/' + n]);
  }, name, Buffer.from(bytes).toString('base64'));
}

// A .npy of float32 (h, w): 1 inside a centred square of side w/2, 0 elsewhere.
function squareNpy(w, h) {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${h}, ${w}), }`;
  while ((10 + header.length + 1) % 64) header += ' ';
  header += '\n';
  const head = Buffer.alloc(10);
  Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]).copy(head);
  head.writeUInt16LE(header.length, 8);
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; ++y)
    for (let x = 0; x < w; ++x)
      if (x >= w / 4 && x < 3 * w / 4 && y >= h / 4 && y < 3 * h / 4) data.writeFloatLE(1, 4 * (y * w + x));
  return Buffer.concat([head, Buffer.from(header, 'latin1'), data]);
}
// A grey PNG, w x h: black with a white vertical bar in its middle third.
function barPng(w, h) {
  const img = new PNG({width: w, height: h});
  for (let y = 0; y < h; ++y)
    for (let x = 0; x < w; ++x) {
      const v = x >= w / 3 && x < 2 * w / 3 ? 255 : 0, i = 4 * (y * w + x);
      img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
      img.data[i + 3] = 255;
    }
  return PNG.sync.write(img);
}

// The view's share of bright pixels (the data shown: input, split or output).
function brightShare(img, region = VIEW) {
  let bright = 0, n = 0;
  for (let y = region.y0; y < region.y1; ++y)
    for (let x = region.x0; x < region.x1; ++x, ++n) {
      const i = 4 * (y * img.width + x);
      if (img.data[i] > 200 && img.data[i + 1] > 200 && img.data[i + 2] > 200) ++bright;
    }
  return bright / n;
}

async function openCase(browser, base) {
  const {page, errors} = await openPage(browser, base, '');
  await waitFrames(page, 5);
  const demo = await canvasPixels(page);
  for (const [name, bytes] of [['bar.png', barPng(96, 64)], ['square.npy', squareNpy(64, 64)]]) {
    await giveFile(page, name, bytes);
    await waitFrames(page, 8);
    const shown = await canvasPixels(page);
    const status = await page.evaluate(() => document.title);
    const d = compare(demo, shown), bright = brightShare(shown);
    console.log(`${name}: ${(100 * d.offShare).toFixed(1)}% of the view changed from the demo; ` +
                `${(100 * bright).toFixed(1)}% of it bright`);
    if (d.offShare < 0.05) fail(`${name} did not replace the demo`);
    if (bright < 0.03) fail(`${name}: its bright part is not on screen`);
    savePng(shown, path.join(outDir, `web-open-${name.replace(".", "-")}.png`));
    void status;
  }
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
}

async function tourCase(browser, base) {
  const {page, errors, log} = await openPage(browser, base, 'scene=ch7-2d-01-basic');
  await waitFrames(page, 5);
  const said = () => log.filter(l => l.includes('scene ')).map(l => l.replace(/^\w+: /, ''));
  for (const key of ['PageDown', 'PageDown', 'PageUp']) {
    // Held for a frame: Dear ImGui 1.86 reads a key's state once a frame (a press and a release
    // between two frames are not seen), and repeats a key held past 0.275 s.
    await page.keyboard.down(key);
    await waitFrames(page, 1);
    await page.keyboard.up(key);
    await waitFrames(page, 3);
  }
  await page.keyboard.type('f');  // presentation mode
  await waitFrames(page, 4);
  await page.select('#scenes', 'ch8-01-basic');  // the page's picker: a new hash, the scene, its place in the tour
  await waitFrames(page, 4);
  const lines = said();
  console.log(lines.join('\n'));
  const want = ['ch7-2d-01-basic', 'ch7-2d-02-const-mem', 'ch7-2d-03-tiled-in', 'ch7-2d-02-const-mem', 'ch8-01-basic'];
  want.forEach((w, i) => {
    if (!lines[i] || !lines[i].includes(w)) fail(`tour step ${i}: wanted ${w}, saw ${lines[i]}`);
  });
  savePng(await canvasPixels(page), path.join(outDir, 'web-tour-presentation.png'));
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
}

// The drawing buffer follows devicePixelRatio (2 here: twice the CSS size), and the settings
// persist in localStorage: a radius changed with + is there after a reload.
async function pageCase(browser, base) {
  const page = await browser.newPage();
  await page.setViewport({width: 960, height: 540 + 28, deviceScaleFactor: 2});
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  page.on('console', m => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${base}/index.html`, {waitUntil: 'load'});
  await waitFrames(page, 3);
  const size = await page.$eval('#canvas', c => [c.width, c.height, c.clientWidth, c.clientHeight]);
  console.log(`canvas ${size[2]}x${size[3]} CSS pixels, drawing buffer ${size[0]}x${size[1]} (devicePixelRatio 2)`);
  if (size[0] !== 2 * size[2] || size[1] !== 2 * size[3]) fail('the drawing buffer does not follow devicePixelRatio');
  const key = 'tilescope:/home/web_user/.config/tilescope/settings.json';
  const radius = () => page.evaluate(k => {
    const text = localStorage.getItem(k);
    return text ? JSON.parse(text).conv2d.radius : null;
  }, key);
  await page.keyboard.type('+');
  await waitFrames(page, 2);
  await page.waitForFunction(() => (Module.frames || 0) > 0);
  await new Promise(r => setTimeout(r, 2500));  // the page stores its settings every 2 s
  const stored = await radius();
  await page.reload({waitUntil: 'load'});
  await waitFrames(page, 3);
  const hud = await page.evaluate(() => JSON.parse(UTF8ToString(Module._tilescope_frame_stats())).frames);
  console.log(`radius stored after +: ${stored}; the page reloaded and drew ${hud} frames`);
  if (stored !== 3) fail(`the settings in localStorage hold radius ${stored}, not 3`);
  await new Promise(r => setTimeout(r, 2500));  // stored again: 2 had the page not read its settings
  await page.screenshot({path: path.join(outDir, 'web-dpr2.png')});
  const again = await radius();
  if (again !== 3) fail(`after a reload the stored radius is ${again}`);
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
}

async function shotCase(browser, base, hash, file) {
  const {page, errors} = await openPage(browser, base, hash);
  await waitFrames(page, 20);
  await page.screenshot({path: file});
  console.log(`wrote ${file}`);
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
}

// The page's frame rate and the Timing panel's figures (bench/results/*-web.md): --settings JSON
// (the settings.json the page starts from, through its localStorage), --hash, the pointer over the
// view's centre (the hovered block's overlays), `--seconds` measured after 4 s of warm-up.
async function benchCase(browser, base) {
  const page = await browser.newPage();
  const [bw, bh] = option('--size', '1600x900').split('x').map(Number);
  await page.setViewport({width: bw, height: bh + 28, deviceScaleFactor: 1});
  const settings = option('--settings');
  if (settings)
    await page.evaluateOnNewDocument(text => {
      localStorage.setItem('tilescope:/home/web_user/.config/tilescope/settings.json', text);
    }, settings);
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  page.on('console', m => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${base}/index.html#${option('--hash', '')}&size=${bw}x${bh}`, {waitUntil: 'load'});
  await waitFrames(page, 3);
  const sidebar = Math.min(Math.floor(bw * 0.45), 430);
  await page.mouse.move(sidebar + (bw - sidebar) / 2, bh / 2 + 28);
  await new Promise(r => setTimeout(r, 4000));
  const stats = () => page.evaluate(() => JSON.parse(UTF8ToString(Module._tilescope_frame_stats())));
  const seconds = Number(option('--seconds', '10'));
  const t0 = Date.now(), s0 = await stats();
  const samples = [];
  while (Date.now() - t0 < seconds * 1000) {
    await new Promise(r => setTimeout(r, 500));
    samples.push(await stats());
  }
  const s1 = samples[samples.length - 1], elapsed = (Date.now() - t0) / 1000;
  const mean = key => samples.reduce((a, x) => a + x[key], 0) / samples.length;
  const result = {
    frames_per_s: (s1.frames - s0.frames) / elapsed,
    frame_ms: (1000 * elapsed) / (s1.frames - s0.frames),
    kernel_ms_median: s1.kernel_ms,
    kernel_runs: s1.kernel_runs,
    source_ms_mean: mean('source_ms'),
    upload_ms_mean: mean('upload_ms'),
    main_thread_ms_mean: mean('loop_ms'),  // the page's thread per frame: the rest of a frame is the GPU process's
    app_frame_ms_mean: mean('app_ms'),      // of which App::frame: compute, views, overlays, panels
    imgui_render_ms_mean: mean('render_ms'),  // and ImGui's draw lists into WebGL
  };
  console.log(JSON.stringify(result));
  if (option('--file')) await page.screenshot({path: option('--file')});
  if (errors.length) fail(`console errors: ${errors.join(' | ')}`);
}

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await openBrowser();
try {
  if (testCase === 'start') await startCase(browser, base);
  else if (testCase === 'keys') await keysCase(browser, base);
  else if (testCase === 'open') await openCase(browser, base);
  else if (testCase === 'tour') await tourCase(browser, base);
  else if (testCase === 'bench') await benchCase(browser, base);
  else if (testCase === 'page') await pageCase(browser, base);
  else if (testCase.startsWith('scene:')) await sceneCase(browser, base, testCase.slice(6));
  else if (testCase.startsWith('shot:')) await shotCase(browser, base, testCase.slice(5), option('--file', 'shot.png'));
  else fail(`no test case ${testCase}`);
} catch (e) {
  fail(e.stack || String(e));
} finally {
  await browser.close();
  server.close();
}
console.log(process.exitCode ? 'failed' : 'passed');
