// Deterministic, offline placeholder "product photos" for demo listings.
// Renders a flat-style SVG illustration per category with sharp. No <text>
// elements are used, so no fonts are required on the machine.
import sharp from 'sharp';
import { prng } from './prng.ts';

const WIDTH = 1200;
const HEIGHT = 900;

// ───────────── deterministic helpers ─────────────

/** FNV-1a hash of a string to a 32-bit unsigned integer. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Rng = () => number;

const between = (rng: Rng, min: number, max: number): number => min + (max - min) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length]!;
const n = (v: number): string => (Math.round(v * 10) / 10).toString();

function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(1, Math.max(0, s / 100));
  const lig = Math.min(1, Math.max(0, l / 100));
  const k = (m: number) => (m + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (m: number) => lig - a * Math.max(-1, Math.min(k(m) - 3, Math.min(9 - k(m), 1)));
  const toHex = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${toHex(f(0))}${toHex(f(8))}${toHex(f(4))}`;
}

/** Lighten (amount > 0) or darken (amount < 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const v = parseInt(hex.slice(1), 16);
  const channels = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => {
    const out = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, out)));
  });
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

// ───────────── per-category drawings ─────────────
// Each drawing is in local coordinates centred on x = 0, roughly within
// x ∈ [-330, 330], y ∈ [-260, 200], with the "ground" at y = 200.

type Drawing = { svg: string; defs?: string; shadowWidth: number };

const DARK = '#2b2f36';
const GLASS = '#cfe6f3';
const WOOD = '#8a5a36';

function drawCar(rng: Rng): Drawing {
  const body = pick(rng, ['#d64541', '#2f6fb3', '#f2f2ee', '#9aa4ae', '#2e3440', '#1f8a70', '#e3a72f']);
  const dark = shade(body, -0.3);
  const wheel = (cx: number) => `
    <circle cx="${cx}" cy="130" r="76" fill="${shade(body, -0.45)}"/>
    <circle cx="${cx}" cy="132" r="62" fill="#23262b"/>
    <circle cx="${cx}" cy="132" r="33" fill="#cfd4da"/>
    <circle cx="${cx}" cy="132" r="11" fill="#8b929a"/>`;
  const svg = `
    <path d="M -195 12 L -125 -78 Q -114 -92 -96 -92 L 108 -92 Q 128 -92 141 -78 L 222 12 Z" fill="${body}"/>
    <path d="M -163 8 L -110 -70 L -12 -70 L -12 8 Z" fill="${GLASS}"/>
    <path d="M 10 8 L 10 -70 L 112 -70 L 178 8 Z" fill="${GLASS}"/>
    <path d="M -150 -10 L -128 -44 L -100 -44 L -122 -10 Z" fill="#ffffff" opacity="0.5"/>
    <rect x="-312" y="0" width="624" height="135" rx="46" fill="${body}"/>
    <rect x="-312" y="58" width="624" height="10" fill="${dark}" opacity="0.35"/>
    <line x1="0" y1="6" x2="0" y2="118" stroke="${dark}" stroke-width="4" opacity="0.6"/>
    <rect x="-60" y="28" width="34" height="9" rx="4" fill="${dark}"/>
    <rect x="40" y="28" width="34" height="9" rx="4" fill="${dark}"/>
    <rect x="276" y="22" width="36" height="26" rx="10" fill="#fff3b8"/>
    <rect x="-312" y="24" width="24" height="26" rx="8" fill="#e0464b"/>
    <rect x="-324" y="96" width="52" height="22" rx="10" fill="${DARK}"/>
    <rect x="272" y="96" width="52" height="22" rx="10" fill="${DARK}"/>
    ${wheel(-186)}
    ${wheel(186)}`;
  return { svg, shadowWidth: 330 };
}

function drawHouse(rng: Rng): Drawing {
  const wall = pick(rng, ['#f4e7c8', '#fbe3d2', '#e9f1f4', '#f6efe4', '#e8eddc']);
  const roof = pick(rng, ['#b6423a', '#3f6e9a', '#5b7f3a', '#7a4b8c', '#c6692e']);
  const door = pick(rng, ['#6a4028', '#2f5d62', '#8c2f39', '#3b4a6b']);
  const win = (x: number) => `
    <rect x="${x}" y="18" width="104" height="94" rx="6" fill="${GLASS}" stroke="#ffffff" stroke-width="9"/>
    <line x1="${x + 52}" y1="18" x2="${x + 52}" y2="112" stroke="#ffffff" stroke-width="7"/>
    <line x1="${x}" y1="65" x2="${x + 104}" y2="65" stroke="#ffffff" stroke-width="7"/>
    <rect x="${x - 10}" y="112" width="124" height="12" rx="4" fill="${shade(wall, -0.2)}"/>`;
  const bush = (cx: number) => `
    <circle cx="${cx - 26}" cy="182" r="30" fill="#4f9a4a"/>
    <circle cx="${cx + 22}" cy="180" r="34" fill="#5cad55"/>
    <circle cx="${cx}" cy="164" r="30" fill="#69bb60"/>`;
  const svg = `
    <rect x="120" y="-205" width="48" height="130" fill="#a0522d"/>
    <rect x="112" y="-215" width="64" height="18" fill="#7d3f22"/>
    <rect x="-222" y="-40" width="444" height="240" fill="${wall}"/>
    <rect x="-222" y="-40" width="444" height="24" fill="${shade(wall, -0.12)}"/>
    <polygon points="-268,-30 0,-245 268,-30" fill="${roof}"/>
    <polygon points="-268,-30 268,-30 258,-14 -258,-14" fill="${shade(roof, -0.25)}"/>
    <circle cx="0" cy="-112" r="34" fill="${GLASS}" stroke="#ffffff" stroke-width="8"/>
    ${win(-190)}
    ${win(86)}
    <path d="M -46 200 L -46 82 Q -46 58 -22 58 L 22 58 Q 46 58 46 82 L 46 200 Z" fill="${door}"/>
    <circle cx="28" cy="136" r="7" fill="#f2c14e"/>
    <rect x="-70" y="196" width="140" height="12" rx="4" fill="${shade(wall, -0.3)}"/>
    ${bush(-250)}
    ${bush(250)}`;
  return { svg, shadowWidth: 300 };
}

function drawSofa(rng: Rng): Drawing {
  const c = pick(rng, ['#4a6fa5', '#8e6c8a', '#c0703f', '#5a8f7b', '#6d6f73', '#b5935c', '#a64b4b']);
  const pillow = pick(rng, ['#f2c14e', '#f4f1de', '#e07a5f', '#81b29a', '#f6bd9c']);
  const svg = `
    <rect x="-272" y="-138" width="544" height="180" rx="42" fill="${shade(c, -0.08)}"/>
    <rect x="-240" y="-118" width="234" height="140" rx="30" fill="${shade(c, 0.08)}"/>
    <rect x="6" y="-118" width="234" height="140" rx="30" fill="${shade(c, 0.08)}"/>
    <rect x="-300" y="30" width="600" height="112" rx="30" fill="${shade(c, -0.15)}"/>
    <rect x="-244" y="8" width="238" height="62" rx="22" fill="${shade(c, 0.14)}"/>
    <rect x="6" y="8" width="238" height="62" rx="22" fill="${shade(c, 0.14)}"/>
    <rect x="-326" y="-46" width="94" height="190" rx="40" fill="${c}"/>
    <rect x="232" y="-46" width="94" height="190" rx="40" fill="${c}"/>
    <rect x="-214" y="-80" width="92" height="86" rx="20" fill="${pillow}" transform="rotate(-12 -168 -37)"/>
    <rect x="-272" y="142" width="24" height="58" rx="6" fill="${WOOD}"/>
    <rect x="248" y="142" width="24" height="58" rx="6" fill="${WOOD}"/>`;
  return { svg, shadowWidth: 330 };
}

function screenGradient(id: string, hue: number): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hslToHex(hue, 70, 62)}"/>
      <stop offset="1" stop-color="${hslToHex(hue + 50, 65, 42)}"/>
    </linearGradient>`;
}

function drawPhone(rng: Rng): Drawing {
  const hue = between(rng, 0, 360);
  const frame = pick(rng, ['#1f2430', '#e8e4dc', '#3a4f6b', '#6b3a4f']);
  const icons: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 4; col++) {
      const colour = hslToHex(hue + 40 * (row * 4 + col) + between(rng, -10, 10), 70, 80);
      icons.push(
        `<rect x="${-86 + col * 46}" y="${-170 + row * 56}" width="34" height="34" rx="9" fill="${colour}" opacity="0.92"/>`,
      );
    }
  }
  const svg = `
    <rect x="-124" y="-255" width="248" height="455" rx="38" fill="${frame}"/>
    <rect x="-108" y="-232" width="216" height="410" rx="24" fill="url(#scr)"/>
    <rect x="-34" y="-224" width="68" height="14" rx="7" fill="#111318"/>
    ${icons.join('\n    ')}
    <rect x="-86" y="130" width="172" height="34" rx="17" fill="#ffffff" opacity="0.35"/>
    <rect x="124" y="-150" width="6" height="60" rx="3" fill="${shade(frame, -0.2)}"/>`;
  return { svg, defs: screenGradient('scr', hue), shadowWidth: 170 };
}

function drawLaptop(rng: Rng): Drawing {
  const hue = between(rng, 0, 360);
  const lid = pick(rng, ['#2d3440', '#b9c0c9', '#3b3f4a']);
  const svg = `
    <rect x="-262" y="-210" width="524" height="340" rx="18" fill="${lid}"/>
    <rect x="-240" y="-190" width="480" height="296" rx="6" fill="url(#scr)"/>
    <rect x="-214" y="-164" width="250" height="160" rx="10" fill="#ffffff" opacity="0.85"/>
    <rect x="-214" y="-164" width="250" height="26" rx="10" fill="${hslToHex(hue + 180, 55, 55)}" opacity="0.9"/>
    <rect x="-194" y="-120" width="150" height="12" rx="6" fill="#c9ced6"/>
    <rect x="-194" y="-96" width="200" height="12" rx="6" fill="#c9ced6"/>
    <rect x="-194" y="-72" width="120" height="12" rx="6" fill="#c9ced6"/>
    <rect x="64" y="-140" width="150" height="210" rx="10" fill="#ffffff" opacity="0.5"/>
    <rect x="-214" y="20" width="250" height="62" rx="10" fill="#ffffff" opacity="0.4"/>
    <path d="M -322 130 L 322 130 L 296 178 Q 290 190 274 190 L -274 190 Q -290 190 -296 178 Z" fill="#c5ccd6"/>
    <rect x="-322" y="126" width="644" height="12" rx="5" fill="#dde2e8"/>
    <rect x="-52" y="130" width="104" height="10" rx="5" fill="#9aa3ae"/>`;
  return { svg, defs: screenGradient('scr', hue), shadowWidth: 330 };
}

function drawTv(rng: Rng): Drawing {
  const hue = between(rng, 0, 360);
  const sky1 = hslToHex(hue, 70, 80);
  const sky2 = hslToHex(hue + 30, 60, 60);
  const defs = `
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky2}"/><stop offset="1" stop-color="${sky1}"/>
    </linearGradient>
    <clipPath id="tvclip"><rect x="-306" y="-216" width="612" height="340"/></clipPath>`;
  const svg = `
    <rect x="-322" y="-232" width="644" height="372" rx="14" fill="#1c1f26"/>
    <g clip-path="url(#tvclip)">
      <rect x="-306" y="-216" width="612" height="340" fill="url(#sky)"/>
      <circle cx="${n(between(rng, -180, 180))}" cy="-110" r="46" fill="#fff4c4"/>
      <polygon points="-320,124 -160,-60 0,124" fill="${hslToHex(hue + 150, 35, 45)}"/>
      <polygon points="-90,124 110,-90 320,124" fill="${hslToHex(hue + 170, 30, 36)}"/>
      <rect x="-306" y="70" width="612" height="60" fill="${hslToHex(hue + 120, 40, 40)}"/>
    </g>
    <rect x="-18" y="140" width="36" height="42" fill="#2b2f36"/>
    <rect x="-130" y="180" width="260" height="16" rx="8" fill="#2b2f36"/>`;
  return { svg, defs, shadowWidth: 300 };
}

function drawDog(rng: Rng): Drawing {
  const fur = pick(rng, ['#c98b4a', '#8a5a3b', '#e3c08d', '#4a3b33', '#d9a066']);
  const light = shade(fur, 0.55);
  const dark = shade(fur, -0.35);
  const collar = pick(rng, ['#d64541', '#2f6fb3', '#1f8a70', '#8e44ad']);
  const svg = `
    <path d="M 110 160 Q 230 150 215 30" fill="none" stroke="${fur}" stroke-width="34" stroke-linecap="round"/>
    <ellipse cx="0" cy="95" rx="145" ry="112" fill="${fur}"/>
    <ellipse cx="0" cy="110" rx="72" ry="86" fill="${light}"/>
    <rect x="-88" y="120" width="58" height="80" rx="26" fill="${fur}"/>
    <rect x="30" y="120" width="58" height="80" rx="26" fill="${fur}"/>
    <ellipse cx="-59" cy="194" rx="38" ry="16" fill="${light}"/>
    <ellipse cx="59" cy="194" rx="38" ry="16" fill="${light}"/>
    <rect x="-88" y="-6" width="176" height="24" rx="12" fill="${collar}"/>
    <circle cx="0" cy="30" r="16" fill="#f2c14e"/>
    <ellipse cx="-112" cy="-78" rx="44" ry="92" fill="${dark}" transform="rotate(18 -112 -78)"/>
    <ellipse cx="112" cy="-78" rx="44" ry="92" fill="${dark}" transform="rotate(-18 112 -78)"/>
    <circle cx="0" cy="-100" r="112" fill="${fur}"/>
    <ellipse cx="0" cy="-42" rx="68" ry="52" fill="${light}"/>
    <ellipse cx="0" cy="-70" rx="26" ry="18" fill="#2b2b2b"/>
    <path d="M 0 -52 L 0 -30 M -30 -26 Q 0 -6 30 -26" fill="none" stroke="#2b2b2b" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="0" cy="-8" rx="16" ry="20" fill="#e8737f"/>
    <circle cx="-44" cy="-126" r="15" fill="#2b2b2b"/>
    <circle cx="44" cy="-126" r="15" fill="#2b2b2b"/>
    <circle cx="-39" cy="-131" r="5" fill="#ffffff"/>
    <circle cx="49" cy="-131" r="5" fill="#ffffff"/>`;
  return { svg, shadowWidth: 210 };
}

function drawCat(rng: Rng): Drawing {
  const fur = pick(rng, ['#9a9ea6', '#e09a4f', '#3d3a3a', '#f0e6d8', '#b08968']);
  const light = shade(fur, 0.5);
  const inner = '#f3a6b4';
  const eye = pick(rng, ['#7cb342', '#f2c14e', '#4fa3d1']);
  const svg = `
    <path d="M 100 175 Q 250 170 230 40 Q 222 -10 190 -20" fill="none" stroke="${fur}" stroke-width="30" stroke-linecap="round"/>
    <ellipse cx="0" cy="95" rx="128" ry="115" fill="${fur}"/>
    <ellipse cx="0" cy="112" rx="64" ry="84" fill="${light}"/>
    <ellipse cx="-52" cy="192" rx="40" ry="18" fill="${light}"/>
    <ellipse cx="52" cy="192" rx="40" ry="18" fill="${light}"/>
    <polygon points="-118,-120 -100,-245 -26,-178" fill="${fur}"/>
    <polygon points="118,-120 100,-245 26,-178" fill="${fur}"/>
    <polygon points="-102,-140 -94,-214 -48,-176" fill="${inner}"/>
    <polygon points="102,-140 94,-214 48,-176" fill="${inner}"/>
    <ellipse cx="0" cy="-92" rx="124" ry="106" fill="${fur}"/>
    <ellipse cx="0" cy="-50" rx="60" ry="42" fill="${light}"/>
    <ellipse cx="-46" cy="-110" rx="24" ry="20" fill="${eye}"/>
    <ellipse cx="46" cy="-110" rx="24" ry="20" fill="${eye}"/>
    <ellipse cx="-46" cy="-110" rx="6" ry="17" fill="#1d1d1d"/>
    <ellipse cx="46" cy="-110" rx="6" ry="17" fill="#1d1d1d"/>
    <polygon points="-13,-70 13,-70 0,-56" fill="${inner}"/>
    <path d="M 0 -56 L 0 -44 M -22 -36 Q -10 -28 0 -44 Q 10 -28 22 -36" fill="none" stroke="#3a3030" stroke-width="5" stroke-linecap="round"/>
    <g stroke="#4a4a4a" stroke-width="3" stroke-linecap="round" opacity="0.8">
      <line x1="-52" y1="-56" x2="-150" y2="-72"/><line x1="-52" y1="-46" x2="-152" y2="-44"/><line x1="-52" y1="-36" x2="-146" y2="-16"/>
      <line x1="52" y1="-56" x2="150" y2="-72"/><line x1="52" y1="-46" x2="152" y2="-44"/><line x1="52" y1="-36" x2="146" y2="-16"/>
    </g>`;
  return { svg, shadowWidth: 200 };
}

function drawBriefcase(rng: Rng): Drawing {
  const c = pick(rng, ['#7a4a2a', '#2e3440', '#5b3a29', '#3f5e73', '#8c5a2b']);
  const dark = shade(c, -0.35);
  const svg = `
    <rect x="-84" y="-218" width="168" height="100" rx="32" fill="none" stroke="${dark}" stroke-width="26"/>
    <rect x="-292" y="-140" width="584" height="340" rx="34" fill="${c}"/>
    <rect x="-292" y="-140" width="584" height="130" rx="34" fill="${shade(c, 0.08)}"/>
    <rect x="-292" y="-24" width="584" height="14" fill="${dark}" opacity="0.55"/>
    <rect x="-182" y="-140" width="30" height="340" fill="${dark}" opacity="0.55"/>
    <rect x="152" y="-140" width="30" height="340" fill="${dark}" opacity="0.55"/>
    <rect x="-204" y="-40" width="74" height="46" rx="9" fill="#e2b34b"/>
    <rect x="130" y="-40" width="74" height="46" rx="9" fill="#e2b34b"/>
    <rect x="-34" y="-44" width="68" height="52" rx="10" fill="#e2b34b"/>
    <circle cx="0" cy="-18" r="8" fill="${shade('#e2b34b', -0.4)}"/>`;
  return { svg, shadowWidth: 320 };
}

function drawTools(rng: Rng): Drawing {
  const steel = pick(rng, ['#aeb6c0', '#9fb3c8', '#b8bec6']);
  const grip = pick(rng, ['#d64541', '#f2a33a', '#2f6fb3', '#1f8a70']);
  const defs = `
    <mask id="wrenchMask" maskUnits="userSpaceOnUse" x="-400" y="-400" width="800" height="800">
      <rect x="-400" y="-400" width="800" height="800" fill="#ffffff"/>
      <rect x="-32" y="-300" width="64" height="118" rx="6" fill="#000000"/>
      <circle cx="0" cy="150" r="18" fill="#000000"/>
    </mask>`;
  const svg = `
    <g transform="translate(-20 0) rotate(38)">
      <rect x="-22" y="-120" width="44" height="320" rx="18" fill="${WOOD}"/>
      <rect x="-26" y="90" width="52" height="110" rx="20" fill="${grip}"/>
      <path d="M -120 -200 L 110 -200 Q 126 -200 126 -184 L 126 -128 Q 126 -112 110 -112 L -100 -112 Q -150 -112 -150 -160 Z" fill="${DARK}"/>
    </g>
    <g transform="translate(20 0) rotate(-38)">
      <g mask="url(#wrenchMask)">
        <rect x="-30" y="-160" width="60" height="350" rx="30" fill="${steel}"/>
        <circle cx="0" cy="-195" r="84" fill="${steel}"/>
        <circle cx="0" cy="150" r="44" fill="${steel}"/>
      </g>
      <rect x="-8" y="-100" width="16" height="200" rx="8" fill="${shade(steel, -0.2)}"/>
    </g>`;
  return { svg, defs, shadowWidth: 260 };
}

function drawBag(rng: Rng): Drawing {
  const c = pick(rng, ['#e07a5f', '#3d9970', '#f2c14e', '#4a6fa5', '#c0392b', '#8e6c8a']);
  const back = pick(rng, ['#81b29a', '#f4a261', '#a8dadc', '#e9c46a']);
  const svg = `
    <path d="M -280 -30 C -280 -170 -140 -170 -140 -30" fill="none" stroke="${shade(back, -0.35)}" stroke-width="16"/>
    <path d="M -320 -40 L -100 -40 L -84 200 L -336 200 Z" fill="${back}"/>
    <path d="M -90 -120 C -90 -270 90 -270 90 -120" fill="none" stroke="${shade(c, -0.4)}" stroke-width="20" stroke-linecap="round"/>
    <path d="M 208 -130 L 262 -98 L 288 190 L 240 200 Z" fill="${shade(c, -0.22)}"/>
    <path d="M -208 -130 L 208 -130 L 240 200 L -240 200 Z" fill="${c}"/>
    <rect x="-208" y="-130" width="416" height="40" fill="${shade(c, -0.12)}"/>
    <circle cx="-90" cy="-110" r="10" fill="${shade(c, -0.45)}"/>
    <circle cx="90" cy="-110" r="10" fill="${shade(c, -0.45)}"/>
    <circle cx="0" cy="50" r="70" fill="#ffffff" opacity="0.9"/>
    <path d="M 0 92 C -70 46 -52 -4 -22 0 C -8 2 0 14 0 22 C 0 14 8 2 22 0 C 52 -4 70 46 0 92 Z" fill="${c}"/>`;
  return { svg, shadowWidth: 330 };
}

function drawGift(rng: Rng): Drawing {
  const c = pick(rng, ['#4a6fa5', '#e07a5f', '#3d9970', '#8e6c8a', '#f2c14e', '#d9a066']);
  const ribbon = pick(rng, ['#d64541', '#f4f1de', '#f2c14e', '#2e3440']);
  const rib = ribbon === c ? '#ffffff' : ribbon;
  const ribDark = shade(rib, -0.25);
  const dots: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = -160 + (i % 3) * 120 + (i % 2) * 20;
    const y = -10 + Math.floor(i / 3) * 72;
    if (Math.abs(x) > 40) dots.push(`<circle cx="${x}" cy="${y}" r="12" fill="#ffffff" opacity="0.35"/>`);
  }
  const svg = `
    <rect x="-200" y="-40" width="400" height="240" rx="10" fill="${c}"/>
    ${dots.join('\n    ')}
    <rect x="-200" y="-40" width="400" height="24" fill="${shade(c, -0.2)}" opacity="0.6"/>
    <rect x="-228" y="-100" width="456" height="72" rx="10" fill="${shade(c, 0.1)}"/>
    <rect x="-30" y="-100" width="60" height="300" fill="${rib}"/>
    <ellipse cx="-70" cy="-140" rx="72" ry="40" fill="${rib}" stroke="${ribDark}" stroke-width="8" transform="rotate(-22 -70 -140)"/>
    <ellipse cx="70" cy="-140" rx="72" ry="40" fill="${rib}" stroke="${ribDark}" stroke-width="8" transform="rotate(22 70 -140)"/>
    <path d="M -14 -110 L -60 -30 L -36 -36 L -24 -14 Z" fill="${ribDark}"/>
    <path d="M 14 -110 L 60 -30 L 36 -36 L 24 -14 Z" fill="${ribDark}"/>
    <circle cx="0" cy="-112" r="28" fill="${ribDark}"/>`;
  return { svg, shadowWidth: 260 };
}

function drawFor(category: string, rng: Rng, seed: number, index: number): Drawing {
  switch (category) {
    case 'Cars & Vehicles':
      return drawCar(rng);
    case 'Property':
      return drawHouse(rng);
    case 'Furniture':
      return drawSofa(rng);
    case 'Electronics': {
      const kind = (Math.abs(Math.trunc(seed)) + index) % 3;
      return kind === 0 ? drawPhone(rng) : kind === 1 ? drawLaptop(rng) : drawTv(rng);
    }
    case 'Pets':
      return Math.abs(Math.trunc(seed)) % 2 === 0 ? drawDog(rng) : drawCat(rng);
    case 'Jobs':
      return drawBriefcase(rng);
    case 'Services':
      return drawTools(rng);
    case 'For Sale':
      return drawBag(rng);
    default:
      return drawGift(rng);
  }
}

// ───────────── composition ─────────────

function buildSvg(category: string, seed: number, index: number): string {
  // Object appearance (colours) depends on the listing only, so the photos of
  // one ad show "the same item"; background and framing also vary by index.
  const objectRng = prng(hashString(`obj|${category}|${seed}`));
  const sceneRng = prng(hashString(`scene|${category}|${seed}|${index}`));

  const baseHue = prng(hashString(`hue|${seed}`))() * 360;
  const hue = baseHue + index * 27 + between(sceneRng, -8, 8);
  const bg1 = hslToHex(hue, 62, 92);
  const bg2 = hslToHex(hue + 38, 52, 78);
  const floor = hslToHex(hue + 20, 40, 70);

  const bubbles: string[] = [];
  const bubbleCount = 4 + Math.floor(sceneRng() * 4);
  for (let i = 0; i < bubbleCount; i++) {
    bubbles.push(
      `<circle cx="${n(between(sceneRng, 0, WIDTH))}" cy="${n(between(sceneRng, 0, HEIGHT * 0.7))}" r="${n(
        between(sceneRng, 40, 190),
      )}" fill="#ffffff" opacity="${between(sceneRng, 0.12, 0.3).toFixed(2)}"/>`,
    );
  }

  const drawing = drawFor(category, objectRng, seed, index);
  const scale = between(sceneRng, 1.0, 1.2);
  const dx = between(sceneRng, -70, 70);
  const dy = between(sceneRng, -25, 25);
  const flip = category === 'Cars & Vehicles' && index % 2 === 1 ? -1 : 1;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${bg1}"/>
      <stop offset="1" stop-color="${bg2}"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${floor}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${floor}" stop-opacity="0.6"/>
    </linearGradient>
    <filter id="blur" x="-20%" y="-200%" width="140%" height="500%">
      <feGaussianBlur stdDeviation="10"/>
    </filter>
    ${drawing.defs ?? ''}
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${bubbles.join('\n  ')}
  <rect x="0" y="${n(470 + 200 * scale + dy - 40)}" width="${WIDTH}" height="${HEIGHT}" fill="url(#floor)"/>
  <g transform="translate(${n(WIDTH / 2 + dx)} ${n(470 + dy)}) scale(${scale.toFixed(3)})">
    <ellipse cx="0" cy="204" rx="${drawing.shadowWidth}" ry="22" fill="#000000" opacity="0.18" filter="url(#blur)"/>
    <g transform="scale(${flip} 1)">${drawing.svg}
    </g>
  </g>
</svg>`;
}

/**
 * Render a deterministic placeholder photo (1200x900 JPEG) for a listing.
 * Same arguments always give the same bytes.
 */
/** `scale` below 1 draws a smaller copy of the same picture, far faster (tests that only need its likeness). */
export async function renderIllustration(category: string, seed: number, index: number, scale = 1): Promise<Buffer> {
  const svg = buildSvg(category, seed, index);
  return sharp(Buffer.from(svg), scale === 1 ? {} : { density: 72 * scale })
    .jpeg({ quality: 85 })
    .toBuffer();
}
