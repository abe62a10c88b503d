// Small helpers of `npm run bench`: percentiles, /proc sampling (RSS, CPU) and table formatting.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';

/**
 * Summary of a list of numbers (nearest-rank percentiles).
 * @param {number[]} values
 * @returns {{count: number, min: number, p50: number, p95: number, p99: number, max: number, mean: number} | null}
 */
export function summarize(values) {
  if (values.length === 0) return null;
  const s = Float64Array.from(values).sort();
  const at = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  let sum = 0;
  for (const v of s) sum += v;
  return { count: s.length, min: s[0], p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1], mean: sum / s.length };
}

/** Rounds to `d` decimals (for JSON and tables). */
export const round = (v, d = 2) => (v === null || v === undefined || Number.isNaN(v) ? null : Math.round(v * 10 ** d) / 10 ** d);

/** One /proc/<pid>/status field in kB (VmRSS, VmHWM), or null when the process is gone. */
export function procStatusKb(pid, field) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** User+system CPU seconds of a process from /proc/<pid>/stat, or null. */
export function procCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime is field 14, stime field 15
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** System (kernel) CPU seconds of a process from /proc/<pid>/stat (stime, field 15), or null. */
export function procSystemSeconds(pid) {
  const f = statFields(pid);
  return f ? Number(f[12]) / 100 : null;
}

/**
 * Context switches of every thread of a process (voluntary + involuntary, /proc/<pid>/task/<tid>/status), or
 * null: about one per wake-up of an event loop or a thread, so their count per action tells how many times the
 * stack was woken up (and went through the kernel) for one move.
 */
export function procContextSwitches(pid) {
  try {
    let n = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const st = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      for (const m of st.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)/gm)) n += Number(m[1]);
    }
    return n;
  } catch {
    return null;
  }
}

/** Fields of /proc/<pid>/stat after the command name (index 0 = field 3, state), or null. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds of a process and all its children (live ones, plus the reaped ones the kernel adds to
 * the parent's cutime/cstime), e.g. a PostgreSQL postmaster and its backends. Null when gone.
 */
export function processTreeCpuSeconds(pid) {
  const own = statFields(pid);
  if (!own) return null;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const child of childPids(pid)) {
    const f = statFields(child);
    if (f) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

/** Pids of the live children of a process. */
function childPids(pid) {
  const out = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const f = statFields(d);
    if (f && Number(f[1]) === pid) out.push(Number(d));
  }
  return out;
}

/** Pids whose command line matches `pred(argv)`. */
export function findPids(pred) {
  const out = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (argv.length && pred(argv)) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** 1-minute load average of the machine. */
export const loadAverage1 = () => round(loadavg()[0], 2);

/** Machine-wide CPU jiffies {busy, total} from /proc/stat. */
export function machineCpu() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const n = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = n[3] + (n[4] ?? 0);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Polls VmRSS of named processes every `intervalMs` and keeps the peak; `stop()` also reads VmHWM
 * (the kernel's own peak RSS) so a spike between two polls is not missed. Also measures the CPU
 * seconds each process used in between, and for `trees` (e.g. PostgreSQL, NATS) the CPU of the
 * whole process tree only.
 * @param {Map<string, number>} pids service name -> pid (RSS and CPU)
 * @param {Map<string, number>} [trees] name -> root pid (CPU of the tree only)
 */
export function startMemorySampler(pids, intervalMs = 200, trees = new Map()) {
  const t0 = Date.now();
  const peakKb = new Map([...pids.keys()].map((k) => [k, 0]));
  const startKb = new Map();
  const cpuStart = new Map();
  const sysStart = new Map();
  const switchesStart = new Map();
  for (const [name, pid] of pids) {
    startKb.set(name, procStatusKb(pid, 'VmRSS'));
    cpuStart.set(name, procCpuSeconds(pid));
    sysStart.set(name, procSystemSeconds(pid));
    switchesStart.set(name, procContextSwitches(pid));
  }
  const treeStart = new Map([...trees].map(([name, pid]) => [name, processTreeCpuSeconds(pid)]));
  const treeSwitchesStart = new Map([...trees].map(([name, pid]) => [name, new Map([pid, ...childPids(pid)].map((p) => [p, procContextSwitches(p) ?? 0]))]));
  const sample = () => {
    for (const [name, pid] of pids) {
      const kb = procStatusKb(pid, 'VmRSS');
      if (kb !== null && kb > peakKb.get(name)) peakKb.set(name, kb);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    /** @returns {Record<string, {startMb, peakRssMb, polledPeakMb, hwmMb, cpuSeconds, cpuPercent}>} */
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (Date.now() - t0) / 1000;
      const pct = (c) => (c === null ? null : round((100 * c) / seconds, 0));
      const out = {};
      for (const [name, pid] of pids) {
        const hwm = procStatusKb(pid, 'VmHWM');
        const c0 = cpuStart.get(name);
        const c1 = procCpuSeconds(pid);
        const cpu = c0 !== null && c1 !== null ? round(c1 - c0, 2) : null;
        const s0 = sysStart.get(name);
        const s1 = procSystemSeconds(pid);
        const w0 = switchesStart.get(name);
        const w1 = procContextSwitches(pid);
        out[name] = {
          startMb: round((startKb.get(name) ?? 0) / 1024, 1),
          systemSeconds: s0 !== null && s1 !== null ? round(s1 - s0, 2) : null,
          contextSwitches: w0 !== null && w1 !== null ? w1 - w0 : null,
          peakRssMb: round(Math.max(peakKb.get(name), hwm ?? 0) / 1024, 1),
          polledPeakMb: round(peakKb.get(name) / 1024, 1),
          hwmMb: hwm === null ? null : round(hwm / 1024, 1),
          cpuSeconds: cpu,
          cpuPercent: pct(cpu),
        };
      }
      for (const [name, pid] of trees) {
        const c0 = treeStart.get(name);
        const c1 = processTreeCpuSeconds(pid);
        const cpu = c0 !== null && c1 !== null ? round(c1 - c0, 2) : null;
        // switches of processes alive at both ends (a backend that started during the load counts from 0)
        const before = treeSwitchesStart.get(name);
        const switches = [pid, ...childPids(pid)].reduce((a, p) => a + (procContextSwitches(p) ?? 0) - (before.get(p) ?? 0), 0);
        out[name] = { startMb: null, peakRssMb: null, polledPeakMb: null, hwmMb: null, cpuSeconds: cpu, cpuPercent: pct(cpu), systemSeconds: null, contextSwitches: Math.max(0, switches) };
      }
      return out;
    },
  };
}

/**
 * Renders rows as an aligned text table.
 * @param {string[]} header
 * @param {Array<Array<string|number|null>>} rows
 */
export function table(header, rows) {
  const cells = [header, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Pid of the PostgreSQL postmaster when the server runs on this machine (data_directory/postmaster.pid), or null. `pg` is the pg module. */
export async function postmasterPid(adminUrl, pg) {
  const c = new pg.Client({ connectionString: adminUrl });
  try {
    await c.connect();
    const dir = (await c.query('SHOW data_directory')).rows[0].data_directory;
    const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * The processes a bench measures: every service of the stack, the bench client itself and the stack's
 * nats-server (found by its port), by name.
 * @param stack the launcher's running stack
 * @param natsUrl the stack's NATS_URL
 * @returns Map name -> pid
 */
export function stackPids(stack, natsUrl) {
  const pids = new Map([...stack.children].map(([name, child]) => [name, child.pid]));
  pids.set('bench client', process.pid);
  const natsPid = natsServerPid(natsUrl);
  if (natsPid) pids.set('nats-server', natsPid);
  return pids;
}

/** Pid of the nats-server serving `natsUrl` on this machine (found by its port), or undefined. */
export function natsServerPid(natsUrl) {
  const natsPort = new URL(natsUrl.split(',')[0]).port || '4222';
  return findPids((argv) => argv[0].endsWith('nats-server') && argv.includes(natsPort))[0];
}
