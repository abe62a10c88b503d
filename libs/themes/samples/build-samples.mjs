#!/usr/bin/env node
// Builds the two sample theme packs of libs/themes/samples (docs/themes.md "Sample packs"):
//   corporate-lunch.zip  card-based default_theme_pack.json, 30 JPEG role cards at 1200x1800 (over 1.5 MB,
//                        so an upload goes through the browser's image compression), night = 'Lunch Break Phase'
//   classic-village.zip  simple theme.json, 30 PNG role cards at 600x900 (small: no compression)
// All art is drawn here: an HTML/SVG card per role (team colours, an emblem, the role's initials) rendered
// by Debian's Chromium through playwright-core (never a downloaded browser). Same Chromium and fonts, same
// bytes: no randomness besides a seeded generator, fixed ZIP dates.
//
// Run: node libs/themes/samples/build-samples.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('.', import.meta.url));
const ZIP_DATE = new Date(Date.UTC(2025, 0, 1, 0, 0, 0));

// ---------------------------------------------------------------------------------------------------------
// Emblems: one small vector symbol per role, drawn on a 100x100 grid with strokes in currentColor.

const SYMBOLS = {
  mask: '<path d="M18 38c10-8 54-8 64 0-2 22-14 36-32 36S20 60 18 38z"/><path d="M30 46c5-3 11-3 14 2M56 48c3-5 9-5 14-2" /><path d="M42 62c5 3 11 3 16 0"/>',
  eye: '<path d="M12 50c20-26 56-26 76 0-20 26-56 26-76 0z"/><circle cx="50" cy="50" r="12"/><circle cx="50" cy="50" r="4" fill="currentColor"/>',
  halfEye: '<path d="M12 50c20-26 56-26 76 0"/><path d="M12 50c20 26 56 26 76 0" stroke-dasharray="6 7"/><circle cx="50" cy="50" r="10"/>',
  swap: '<path d="M20 36h56l-12-12M80 64H24l12 12"/>',
  cycle: '<path d="M74 40a26 26 0 0 0-46-8M26 60a26 26 0 0 0 46 8"/><path d="M28 20v12h12M72 80V68H60"/>',
  shield: '<path d="M50 14l30 10v22c0 20-13 34-30 40-17-6-30-20-30-40V24z"/><path d="M38 50l9 9 16-18"/>',
  lock: '<rect x="26" y="44" width="48" height="36" rx="6"/><path d="M36 44V34a14 14 0 0 1 28 0v10"/><circle cx="50" cy="61" r="4" fill="currentColor"/>',
  crown: '<path d="M18 70l6-38 16 18 10-24 10 24 16-18 6 38z"/><path d="M18 80h64"/>',
  magnifier: '<circle cx="42" cy="42" r="22"/><path d="M58 58l24 24"/><path d="M32 42h20M42 32v20"/>',
  gift: '<rect x="22" y="42" width="56" height="38" rx="4"/><path d="M18 32h64v10H18zM50 32v48"/><path d="M50 32c-10-14-24-10-18 0M50 32c10-14 24-10 18 0"/>',
  megaphone: '<path d="M20 44v14h12l30 16V28L32 44z"/><path d="M70 40c6 4 6 18 0 22M36 58l6 20"/>',
  pair: '<circle cx="36" cy="34" r="10"/><circle cx="64" cy="34" r="10"/><path d="M18 78c0-16 8-26 18-26s18 10 18 26M46 78c0-16 8-26 18-26s18 10 18 26"/>',
  person: '<circle cx="50" cy="32" r="13"/><path d="M24 84c0-20 11-32 26-32s26 12 26 32"/><path d="M50 52l-5 12 5 12 5-12z"/>',
  target: '<circle cx="50" cy="50" r="30"/><circle cx="50" cy="50" r="16"/><circle cx="50" cy="50" r="3" fill="currentColor"/><path d="M50 10v16M50 74v16M10 50h16M74 50h16"/>',
  copy: '<rect x="22" y="28" width="36" height="46" rx="4"/><rect x="42" y="18" width="36" height="46" rx="4"/>',
  tap: '<path d="M40 84V40a6 6 0 0 1 12 0v22l4-2a6 6 0 0 1 6 0l8 4a6 6 0 0 1 4 6v14"/><path d="M30 26a18 18 0 0 1 32 0M24 18a26 26 0 0 1 44 0"/>',
  moon: '<path d="M62 18a32 32 0 1 0 20 48 26 26 0 0 1-20-48z"/><circle cx="30" cy="30" r="2" fill="currentColor"/><circle cx="22" cy="48" r="2" fill="currentColor"/>',
  door: '<path d="M28 84V16h36v68"/><path d="M64 24l12 6v48l-12 6"/><circle cx="56" cy="52" r="3" fill="currentColor"/><path d="M16 84h68"/>',
  key: '<circle cx="32" cy="50" r="14"/><path d="M46 50h38M72 50v12M82 50v8"/>',
  convert: '<circle cx="30" cy="50" r="12"/><path d="M46 50h26l-10-10M72 50l-10 10"/><circle cx="80" cy="50" r="6" fill="currentColor"/>',
  star: '<path d="M50 14l10 24 26 2-20 17 6 26-22-14-22 14 6-26-20-17 26-2z"/>',
  hourglass: '<path d="M28 16h44M28 84h44M32 16c0 22 36 22 36 34S32 62 32 84M68 16c0 22-36 22-36 34s36 12 36 34"/>',
};

/** Emblem of each canonical role. */
const ROLE_SYMBOL = {
  'Bad Guy': 'mask',
  'Bad Guy Converter': 'convert',
  'Advanced Bad Guy': 'halfEye',
  'Isolated Bad Guy': 'moon',
  'Bad Guy Helper': 'key',
  'Role Locker': 'lock',
  'Role Copier': 'copy',
  'Paranormal Investigator': 'magnifier',
  Protector: 'shield',
  Stalker: 'target',
  'Role Looker': 'eye',
  'Single Role Looker': 'halfEye',
  'Role Revealer': 'megaphone',
  'Role Thief': 'swap',
  'Role Swapper': 'swap',
  'Village Idiot': 'cycle',
  'Random Role Taker': 'hourglass',
  'Role Giver': 'gift',
  Tapper: 'tap',
  'Item Giver': 'gift',
  'Self-Checker': 'moon',
  'Mutual Knowers': 'pair',
  'Seer Knower': 'eye',
  'Revenge Voter': 'target',
  'Basic Good Guy': 'person',
  'Self-Eliminator': 'door',
  'Uneliminatable Player': 'crown',
  'Aura Seer': 'star',
  Copycat: 'copy',
  'Old Hag': 'hourglass',
};

const TEAM_OF = {
  'Bad Guy': 'bad', 'Bad Guy Converter': 'bad', 'Advanced Bad Guy': 'bad', 'Isolated Bad Guy': 'bad', 'Bad Guy Helper': 'bad',
  'Self-Eliminator': 'neutral', Stalker: 'neutral',
};
const teamOf = (role) => TEAM_OF[role] ?? 'good';

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const initials = (name) =>
  name
    .replace(/[^A-Za-z' -]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w && !/^(the|of|a)$/i.test(w))
    .map((w) => w[0].toUpperCase())
    .join('')
    .slice(0, 3);
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hashOf = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

// ---------------------------------------------------------------------------------------------------------
// Card art.

/** Background decoration of a corporate card: a spreadsheet grid, a skyline of lit windows, paper grain. */
function corporateDecor(w, h, color, seed) {
  const r = rng(seed);
  let windows = '';
  let x = 0;
  while (x < w) {
    const bw = 70 + Math.floor(r() * 90);
    const bh = 260 + Math.floor(r() * 420);
    windows += `<rect x="${x}" y="${h - bh}" width="${bw - 8}" height="${bh}" fill="#0b1220" opacity="0.85"/>`;
    for (let wy = h - bh + 16; wy < h - 12; wy += 26) {
      for (let wx = x + 10; wx < x + bw - 22; wx += 20) {
        if (r() < 0.45) windows += `<rect x="${wx}" y="${wy}" width="10" height="14" fill="${r() < 0.2 ? color : '#fde68a'}" opacity="${(0.25 + r() * 0.6).toFixed(2)}"/>`;
      }
    }
    x += bw;
  }
  return `
    <defs>
      <pattern id="grid" width="60" height="40" patternUnits="userSpaceOnUse"><path d="M60 0H0V40" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"/></pattern>
      <filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="3" seed="${seed % 997}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.07"/></feComponentTransfer></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#grid)"/>
    ${windows}
    <rect width="${w}" height="${h}" filter="url(#grain)"/>`;
}

/** Background decoration of a village card: stars, a moon, rooftops. Flat shapes only (small PNGs). */
function villageDecor(w, h, color, seed) {
  const r = rng(seed);
  let stars = '';
  for (let i = 0; i < 40; i++) stars += `<circle cx="${Math.floor(r() * w)}" cy="${Math.floor(r() * h * 0.45)}" r="${(1 + r() * 2).toFixed(1)}" fill="#fef3c7" opacity="0.8"/>`;
  let roofs = '';
  let x = -20;
  while (x < w) {
    const rw = 80 + Math.floor(r() * 70);
    const rh = 60 + Math.floor(r() * 70);
    const base = h - 40;
    roofs += `<path d="M${x} ${base}V${base - rh}l${rw / 2} -${rh * 0.6}l${rw / 2} ${rh * 0.6}V${base}z" fill="#0f172a"/>`;
    if (r() < 0.6) roofs += `<rect x="${x + rw / 2 - 8}" y="${base - rh + 18}" width="16" height="20" fill="#fbbf24" opacity="0.7"/>`;
    x += rw + 6;
  }
  const moon = `<mask id="crescent"><rect width="${w}" height="${h}" fill="#fff"/><circle cx="${w * 0.83}" cy="${h * 0.11}" r="${w * 0.065}" fill="#000"/></mask>
    <circle cx="${w * 0.8}" cy="${h * 0.12}" r="${w * 0.07}" fill="#fef9c3" mask="url(#crescent)"/>`;
  return `${stars}${moon}${roofs}<rect y="${h - 40}" width="${w}" height="40" fill="${color}" opacity="0.35"/>`;
}

/** One role card as an HTML page of exactly w x h pixels. */
function cardHtml({ w, h, style, packName, role, title, teamLabel, description, color, accent }) {
  const s = w / 600; // every size below is for a 600 px wide card
  const seed = hashOf(`${style}:${role}`);
  const decor = style === 'corporate' ? corporateDecor(w, h, color, seed) : villageDecor(w, h, color, seed);
  const symbol = SYMBOLS[ROLE_SYMBOL[role]];
  // the village cards are flat (hard colour bands, no glow): small PNGs; the corporate ones have grain
  const flat = style !== 'corporate';
  const cardBg = flat
    ? `linear-gradient(180deg, ${color} 0 22%, #14213a 22% 48%, #0c1528 48% 74%, #070b14 74% 100%)`
    : `linear-gradient(165deg, ${color} 0%, #0b1020 58%, #05070d 100%)`;
  const emblemBg = flat ? '#0b1020' : 'radial-gradient(circle at 50% 35%, rgba(255,255,255,0.20), rgba(8,12,24,0.92) 70%)';
  const glow = flat ? 'none' : `0 0 ${60 * s}px ${color}`;
  const shadow = flat ? 'none' : `0 ${3 * s}px ${8 * s}px rgba(0,0,0,0.8)`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html,body{margin:0;width:${w}px;height:${h}px;overflow:hidden;background:#070b14;font-family:'DejaVu Sans',sans-serif;color:#f8fafc}
    .card{position:relative;width:${w}px;height:${h}px;background:${cardBg}}
    svg.bg{position:absolute;inset:0}
    .frame{position:absolute;inset:${14 * s}px;border:${5 * s}px solid ${color};border-radius:${34 * s}px;box-shadow:${flat ? 'none' : `inset 0 0 0 ${3 * s}px rgba(255,255,255,0.12)`}}
    .pack{position:absolute;top:${40 * s}px;left:0;right:0;text-align:center;letter-spacing:${4 * s}px;font-size:${17 * s}px;text-transform:uppercase;color:${accent};opacity:0.9}
    .emblem{position:absolute;left:50%;top:${300 * s}px;width:${300 * s}px;height:${300 * s}px;transform:translate(-50%,-50%);border-radius:50%;
      background:${emblemBg};border:${6 * s}px solid ${color};box-shadow:${glow}}
    .emblem svg{position:absolute;inset:${55 * s}px;color:#f8fafc}
    .initials{position:absolute;left:50%;top:${455 * s}px;transform:translateX(-50%);padding:${6 * s}px ${18 * s}px;border-radius:${20 * s}px;background:${color};
      font-weight:bold;font-size:${26 * s}px;letter-spacing:${3 * s}px;box-shadow:${flat ? 'none' : `0 ${4 * s}px ${12 * s}px rgba(0,0,0,0.5)`}}
    .text{position:absolute;left:${44 * s}px;right:${44 * s}px;top:${540 * s}px;text-align:center}
    .title{font-size:${46 * s}px;font-weight:bold;line-height:1.1;text-shadow:${shadow}}
    .team{margin-top:${12 * s}px;font-size:${19 * s}px;letter-spacing:${2 * s}px;text-transform:uppercase;color:${accent}}
    .desc{margin-top:${20 * s}px;font-size:${21 * s}px;line-height:1.4;color:#e2e8f0;background:rgba(5,8,16,0.72);border-radius:${16 * s}px;padding:${16 * s}px ${18 * s}px}
  </style></head><body><div class="card">
    <svg class="bg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" xmlns="http://www.w3.org/2000/svg">${decor}</svg>
    <div class="frame"></div>
    <div class="pack">${escapeHtml(packName)}</div>
    <div class="emblem"><svg viewBox="0 0 100 100" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${symbol}</svg></div>
    <div class="initials">${escapeHtml(initials(title))}</div>
    <div class="text"><div class="title">${escapeHtml(title)}</div><div class="team">${escapeHtml(teamLabel)}</div><div class="desc">${escapeHtml(description)}</div></div>
  </div></body></html>`;
}

/** A home background page (w x h): the style's decoration in the pack's colours, with the title. */
function backgroundHtml({ w, h, style, title, subtitle, color }) {
  const seed = hashOf(`${style}:home`);
  const decor = style === 'corporate' ? corporateDecor(w, h, color, seed) : villageDecor(w, h, color, seed);
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html,body{margin:0;width:${w}px;height:${h}px;overflow:hidden;font-family:'DejaVu Sans',sans-serif}
    .bg{position:relative;width:${w}px;height:${h}px;background:linear-gradient(180deg, #0b1020 0%, ${color} 140%)}
    svg{position:absolute;inset:0}
    .t{position:absolute;left:0;right:0;top:${h * 0.16}px;text-align:center;color:rgba(255,255,255,0.10);font-size:${h * 0.13}px;font-weight:bold;letter-spacing:${h * 0.01}px}
    .s{position:absolute;left:0;right:0;top:${h * 0.33}px;text-align:center;color:rgba(255,255,255,0.08);font-size:${h * 0.04}px}
  </style></head><body><div class="bg"><svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" xmlns="http://www.w3.org/2000/svg">${decor}</svg>
  <div class="t">${escapeHtml(title)}</div><div class="s">${escapeHtml(subtitle)}</div></div></body></html>`;
}

/** A card back: a repeating emblem pattern. */
function cardBackHtml({ w, h, color, accent, label }) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html,body{margin:0;width:${w}px;height:${h}px;overflow:hidden;font-family:'DejaVu Sans',sans-serif}
    .b{width:${w}px;height:${h}px;background:
      repeating-linear-gradient(45deg, rgba(255,255,255,0.05) 0 ${w / 40}px, transparent ${w / 40}px ${w / 20}px),
      radial-gradient(circle at 50% 50%, ${color}, #070b14 75%);display:flex;align-items:center;justify-content:center}
    .m{width:${w * 0.5}px;height:${w * 0.5}px;border-radius:50%;border:${w / 60}px solid ${accent};display:flex;align-items:center;justify-content:center;
      color:${accent};font-size:${w * 0.09}px;font-weight:bold;letter-spacing:${w / 120}px;text-align:center}
  </style></head><body><div class="b"><div class="m">${escapeHtml(label)}</div></div></body></html>`;
}

// ---------------------------------------------------------------------------------------------------------
// The two packs.

/** Corporate Lunch Break: card-based format, one entry per classic card (spec 001 section 3 card mapping). */
const CORPORATE = {
  file: 'corporate-lunch.zip',
  style: 'corporate',
  size: { w: 1200, h: 1800 },
  colors: { bad: '#b91c1c', good: '#1d4ed8', neutral: '#b45309' },
  accent: { bad: '#fecaca', good: '#bfdbfe', neutral: '#fde68a' },
  config: {
    id: 'corporate-lunch',
    name: 'Corporate Lunch Break',
    description: 'Office intrigue at Nightfall Corp: corporate spies hide among the staff until the lunch break is over.',
    engineVersion: '1.0.0',
    text: {
      gameTitle: 'Office Politics',
      homeTitle: 'Office Politics',
      homeSubtitle: 'A corporate social deduction game for 3-10 players. Find the spies before lunch ends.',
      lobbyTitle: 'Meeting Room',
      nightPhase: 'Lunch Break Phase',
      nightActions: 'Lunch Break Actions',
    },
    actions: {
      badGuyPile: 'Shredder pile',
      badGuyPileCheck: 'You checked the shredder pile',
      converted: 'You were recruited by the spies',
      robbed: 'Your badge was swapped',
      swapped: 'switched desks of',
      viewed: 'read the file of',
    },
    teams: {
      werewolf: { name: 'Corporate Spies', color: '#b91c1c', description: 'Leak the quarterly numbers without getting caught.' },
      villager: { name: 'Loyal Staff', color: '#1d4ed8', description: 'Find at least one spy before the lunch break ends.' },
      neutral: { name: 'Freelancers', color: '#b45309', description: 'Contractors with their own agenda.' },
    },
    assets: { cardBack: 'cards/card-back.jpg' },
  },
  // card number -> [canonical role, title, description]
  cards: [
    [1, 'Role Copier', 'Job Shadow', 'Follows a colleague around and ends up doing their job.'],
    [2, 'Bad Guy', 'Corporate Spy', 'Works for the competition and knows the other spies.'],
    [3, 'Bad Guy Converter', 'Headhunter', 'Recruits a loyal employee to the spies with an offer from the shredder pile.'],
    [4, 'Advanced Bad Guy', 'Senior Spy', 'A spy with clearance to read one colleague\'s personnel file.'],
    [5, 'Isolated Bad Guy', 'Remote Spy', 'Spies from home and never joins the others at lunch.'],
    [6, 'Bad Guy Helper', 'Insider', 'Knows who the spies are and covers for them in meetings.'],
    [7, 'Mutual Knowers', 'Carpool Buddies', 'Arrive together every morning and know each other.'],
    [8, 'Role Looker', 'Auditor', 'Reads one colleague\'s file or two files left in the printer.'],
    [9, 'Single Role Looker', 'Junior Auditor', 'Gets to check one file left in the printer.'],
    [10, 'Paranormal Investigator', 'Compliance Officer', 'Interviews up to two colleagues and may be won over by what they hear.'],
    [11, 'Role Thief', 'Badge Thief', 'Swaps badges with a colleague and reads the new one.'],
    [12, 'Role Giver', 'HR Manager', 'Hands a file from the printer to any employee.'],
    [13, 'Role Swapper', 'Office Prankster', 'Switches the badges of two colleagues without looking.'],
    [14, 'Village Idiot', 'Reorg Consultant', 'Moves everyone one desk to the left or to the right.'],
    [15, 'Random Role Taker', 'Sleepy Temp', 'Grabs a badge from the printer without reading it.'],
    [16, 'Self-Checker', 'Overtime Worker', 'Stays late and checks their own badge before going home.'],
    [17, 'Role Revealer', 'Whistleblower', 'Announces which side one colleague is really on.'],
    [18, 'Item Giver', 'Supply Clerk', 'Hands out a mystery item from the supply closet.'],
    [19, 'Aura Seer', 'Security Guard', 'Watches the cameras for anyone who moved a badge.'],
    [20, 'Seer Knower', 'Executive Assistant', 'Knows who the Auditor is.'],
    [21, 'Role Locker', 'IT Administrator', 'Locks one badge so nobody can read or move it.'],
    [22, 'Revenge Voter', 'Union Rep', 'If fired, takes the colleague they voted for down too.'],
    [23, 'Protector', 'Legal Counsel', 'Shields one colleague from being fired.'],
    [24, 'Uneliminatable Player', 'The CEO', 'Cannot be fired, whatever the vote says.'],
    [25, 'Tapper', 'Cubicle Neighbor', 'Taps the shoulder of the colleague at the next desk.'],
    [26, 'Copycat', 'Trend Follower', 'Copies whatever badge is lying in the printer.'],
    [27, 'Old Hag', 'Office Gossip', 'Spreads rumours across several lunch breaks.'],
    [28, 'Basic Good Guy', 'Employee', 'An honest worker with nothing to hide.'],
    [29, 'Self-Eliminator', 'Burned-Out Employee', 'Wants nothing more than to be fired today.'],
    [30, 'Stalker', 'Office Rival', 'Picks a colleague and wins only if that colleague is fired.'],
  ],
};

/** Classic Village: simple theme.json, 26 names in the slot order of spec 001 section 3. */
const VILLAGE = {
  file: 'classic-village.zip',
  style: 'village',
  size: { w: 600, h: 900 },
  colors: { bad: '#991b1b', good: '#15803d', neutral: '#a16207' },
  accent: { bad: '#fecaca', good: '#bbf7d0', neutral: '#fef08a' },
  // slot role -> themed name (the order of SIMPLE_ROLE_SLOTS)
  slots: [
    ['Bad Guy', 'Werewolf'],
    ['Bad Guy Helper', 'Wolf Cultist'],
    ['Bad Guy Converter', 'Pack Leader'],
    ['Advanced Bad Guy', 'Mystic Wolf'],
    ['Isolated Bad Guy', 'Lone Wolf'],
    ['Basic Good Guy', 'Villager'],
    ['Role Looker', 'Seer'],
    ['Role Thief', 'Pickpocket'],
    ['Role Swapper', 'Troublemaker'],
    ['Random Role Taker', 'Tavern Drunk'],
    ['Self-Checker', 'Insomniac'],
    ['Mutual Knowers', 'Twin Blacksmiths'],
    ['Role Revealer', 'Town Crier'],
    ['Single Role Looker', 'Apprentice Seer'],
    ['Seer Knower', 'Village Elder'],
    ['Village Idiot', 'Village Fool'],
    ['Item Giver', 'Curio Merchant'],
    ['Revenge Voter', 'Hunter'],
    ['Tapper', 'Sleepwalker'],
    ['Paranormal Investigator', 'Witch Hunter'],
    ['Role Copier', 'Shapeshifter'],
    ['Role Locker', 'Sentinel'],
    ['Role Giver', 'Herbalist'],
    ['Protector', 'Bodyguard'],
    ['Self-Eliminator', 'Tanner'],
    ['Stalker', 'Grudge Holder'],
  ],
  // the 4 roles without a slot keep their generic names; their art uses those names
  extra: [
    ['Uneliminatable Player', 'Uneliminatable Player'],
    ['Aura Seer', 'Aura Seer'],
    ['Copycat', 'Copycat'],
    ['Old Hag', 'Old Hag'],
  ],
  config: {
    id: 'classic-village',
    name: 'Classic Village',
    description: 'A moonlit village where werewolves hide among the townsfolk. A starting point for your own pack.',
    goodGuyTeamName: 'Village',
    goodGuyTeamColor: '#15803d',
    badGuyTeamName: 'Wolf Pack',
    badGuyTeamColor: '#991b1b',
    neutralTeamName: 'Outsiders',
    neutralTeamColor: '#a16207',
    text: {
      gameTitle: 'Classic Village',
      homeSubtitle: 'A village of 3-10 players. Find the werewolves among you before dawn.',
      nightPhase: 'Moonlit Night',
      nightActions: 'Night Deeds',
    },
  },
};

/** One-sentence village descriptions for the art (the theme itself keeps the catalogue's texts). */
const VILLAGE_LINES = {
  Werewolf: 'Hunts by night and knows the rest of the pack.',
  'Wolf Cultist': 'Worships the pack and protects its secret.',
  'Pack Leader': 'Turns a villager into a wolf under the full moon.',
  'Mystic Wolf': 'A wolf who peeks at one villager\'s secret.',
  'Lone Wolf': 'Roams alone and never meets the pack at night.',
  Villager: 'Honest folk with nothing but a pitchfork.',
  Seer: 'Sees one villager\'s true nature in the crystal.',
  Pickpocket: 'Steals another\'s identity and learns it.',
  Troublemaker: 'Swaps two neighbours\' fates while they sleep.',
  'Tavern Drunk': 'Wakes up as someone else and cannot remember who.',
  Insomniac: 'Cannot sleep and checks who they became.',
  'Twin Blacksmiths': 'Forge together and know each other.',
  'Town Crier': 'Tells the whole square which side a villager is on.',
  'Apprentice Seer': 'Still learning: glimpses one hidden card.',
  'Village Elder': 'Knows who the Seer is.',
  'Village Fool': 'Passes every card one house along.',
  'Curio Merchant': 'Sells a strange trinket that may change its owner.',
  Hunter: 'Takes the one they accused down with them.',
  Sleepwalker: 'Bumps into the neighbour at night.',
  'Witch Hunter': 'Questions up to two villagers, at a risk.',
  Shapeshifter: 'Takes on another villager\'s shape for good.',
  Sentinel: 'Guards one card against every meddler.',
  Herbalist: 'Brews a new fate from the center and hands it out.',
  Bodyguard: 'Stands between the mob and one villager.',
  Tanner: 'Tired of tanning hides, wants to be hanged.',
  'Grudge Holder': 'Wins only if their sworn enemy is hanged.',
  'Uneliminatable Player': 'The mob cannot touch this one.',
  'Aura Seer': 'Senses who moved a card in the night.',
  Copycat: 'Becomes whatever lies in the center.',
  'Old Hag': 'Curses a villager over many nights.',
};

async function render(page, html, { w, h }, type) {
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(html, { waitUntil: 'load' });
  const opts = { type, clip: { x: 0, y: 0, width: w, height: h }, animations: 'disabled', caret: 'hide' };
  return page.screenshot(type === 'jpeg' ? { ...opts, quality: 62 } : opts);
}

function addFile(zip, path, data) {
  zip.file(path, data, { date: ZIP_DATE, createFolders: false, compression: typeof data === 'string' ? 'DEFLATE' : 'STORE' });
}

async function buildCorporate(page) {
  const p = CORPORATE;
  const zip = new JSZip();
  const config = { ...p.config };
  const teamLabel = { bad: 'Bad Guy', good: 'Good Guy', neutral: 'Neutral' };
  const teamName = { bad: config.teams.werewolf.name, good: config.teams.villager.name, neutral: config.teams.neutral.name };
  for (const [n, role, title, description] of p.cards) {
    const team = teamOf(role);
    const image = `cards/card${String(n).padStart(2, '0')}-${slug(title)}.jpg`;
    config[`card${n}`] = { title, description, team: teamLabel[team], image };
    const html = cardHtml({ ...p.size, style: p.style, packName: config.name, role, title, teamLabel: teamName[team], description, color: p.colors[team], accent: p.accent[team] });
    addFile(zip, image, await render(page, html, p.size, 'jpeg'));
  }
  addFile(zip, 'cards/card-back.jpg', await render(page, cardBackHtml({ ...p.size, color: '#1e293b', accent: '#93c5fd', label: 'NIGHTFALL CORP' }), p.size, 'jpeg'));
  const bg = { w: 1600, h: 900 };
  addFile(zip, 'backgrounds/home.jpg', await render(page, backgroundHtml({ ...bg, style: p.style, title: config.text.gameTitle, subtitle: 'Nightfall Corp', color: '#1d4ed8' }), bg, 'jpeg'));
  addFile(zip, 'default_theme_pack.json', `${JSON.stringify(config, null, 2)}\n`);
  return zip;
}

async function buildVillage(page) {
  const p = VILLAGE;
  const zip = new JSZip();
  const config = { ...p.config, roles: p.slots.map(([, name]) => name) };
  const teamName = { bad: config.badGuyTeamName, good: config.goodGuyTeamName, neutral: config.neutralTeamName };
  for (const [role, name] of [...p.slots, ...p.extra]) {
    const team = teamOf(role);
    const html = cardHtml({ ...p.size, style: p.style, packName: config.name, role, title: name, teamLabel: teamName[team], description: VILLAGE_LINES[name], color: p.colors[team], accent: p.accent[team] });
    // named after the themed name, as a pack author would: found by the fuzzy file-name step
    addFile(zip, `images/${name}.png`, await render(page, html, p.size, 'png'));
  }
  const bg = { w: 1200, h: 675 };
  addFile(zip, 'backgrounds/home.png', await render(page, backgroundHtml({ ...bg, style: p.style, title: config.text.gameTitle, subtitle: '', color: '#15803d' }), bg, 'png'));
  addFile(zip, 'theme.json', `${JSON.stringify(config, null, 2)}\n`);
  return zip;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const [pack, build] of [[CORPORATE, buildCorporate], [VILLAGE, buildVillage]]) {
    const zip = await build(page);
    const bytes = await zip.generateAsync({ type: 'uint8array', platform: 'UNIX', compression: 'STORE' });
    await writeFile(new URL(pack.file, `file://${OUT}`), bytes);
    console.log(`${pack.file}: ${(bytes.byteLength / (1024 * 1024)).toFixed(2)} MB`);
  }
} finally {
  await browser.close();
}
