import { chromium } from 'playwright-core';
import fs from 'node:fs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-quic'] });
const url = process.argv[2];
const self = new Map(), incl = new Map(); let total = 0;
for (let run = 0; run < 6; run++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const parent = new Map(); for (const n of profile.nodes) for (const c of n.children||[]) parent.set(c, n.id);
  const key = (n) => `${n.callFrame.functionName||'(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] || 0; let id = profile.samples[i];
    const n0 = byId.get(id); if (['(idle)','(program)','(root)'].includes(n0.callFrame.functionName)) continue;
    total += dt; self.set(key(n0), (self.get(key(n0))||0) + dt);
    const seen = new Set(); while (id) { const n = byId.get(id); const k = key(n); if (!seen.has(k)) { incl.set(k, (incl.get(k)||0)+dt); seen.add(k);} id = parent.get(id); }
  }
  await ctx.close();
}
console.log('busy ms per run', Math.round(total/6000));
const show = (m, n) => { for (const [k,v] of [...m].sort((a,b)=>b[1]-a[1]).slice(0,n)) { 
  const [, file, line, col] = k.match(/ (\S*):(\d+):(\d+)$/) || []; let snip = '';
  if (file && file.endsWith('.js')) { try { const src = fs.readFileSync('build-bench/client/assets/' + file, 'utf8').split('\n')[Number(line)]; snip = src.slice(Number(col), Number(col) + 90); } catch {} }
  console.log(Math.round(v/6000), k, '|', snip.replace(/\s+/g,' ')); } };
console.log('SELF'); show(self, 14); console.log('INCL'); show(incl, 30);
await b.close();
