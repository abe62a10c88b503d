// A small renderer of the Go templates of charts/nightfall, for deploy/validate.mjs on machines without helm: it
// implements the template actions (if / else if / else, range, with, define, include, variables, pipelines) and
// the Sprig functions the chart uses, with Helm's data (.Values, .Release, .Chart). It is not Helm: it checks what
// the chart renders with given values (documents, names, ports, guards), `helm template` stays the reference.
//
//   import { renderChart } from './helm-lite.mjs';
//   const docs = renderChart('charts/nightfall', values, { releaseName: 'nf', namespace: 'nightfall' });
//   // -> [{ file: 'deployment.yaml', text: '...' }, ...]
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A template failed (`fail`, `required`, an unknown function, a bad action): the message says which. */
export class RenderError extends Error {}

/* ---------------------------------------------------------------- lexing and parsing */

/** Splits a template into text and action tokens, applying `{{-` / `-}}` whitespace trimming. */
function lex(src, file) {
  const tokens = [];
  let i = 0;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    if (open < 0) {
      tokens.push({ t: 'text', v: src.slice(i) });
      break;
    }
    let text = src.slice(i, open);
    const trimLeft = src[open + 2] === '-' && /\s/.test(src[open + 3] ?? '');
    if (trimLeft) text = text.replace(/\s+$/, '');
    if (text) tokens.push({ t: 'text', v: text });
    let j = open + 2 + (trimLeft ? 1 : 0);
    // the action ends at the first }} outside a string literal or a comment
    let end = -1;
    let inStr = null;
    if (src.startsWith('/*', j + src.slice(j).search(/\S/))) end = src.indexOf('*/', j) >= 0 ? src.indexOf('}}', src.indexOf('*/', j)) : -1;
    else {
      for (let k = j; k < src.length - 1; k++) {
        const c = src[k];
        if (inStr) {
          if (c === '\\' && inStr === '"') k++;
          else if (c === inStr) inStr = null;
        } else if (c === '"' || c === '`') inStr = c;
        else if (c === '}' && src[k + 1] === '}') {
          end = k;
          break;
        }
      }
    }
    if (end < 0) throw new RenderError(`${file}: unclosed action at ${open}`);
    let body = src.slice(j, end);
    const trimRight = /\s-$/.test(body);
    if (trimRight) body = body.replace(/\s-$/, '');
    i = end + 2;
    if (trimRight) {
      const m = /^\s*/.exec(src.slice(i));
      i += m[0].length;
    }
    body = body.trim();
    if (!body.startsWith('/*')) tokens.push({ t: 'action', v: body });
  }
  return tokens;
}

/** Tokens of a pipeline: strings, numbers, fields, variables, identifiers, ( ) | , := =. */
function words(expr) {
  const out = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|:=|=|\||\(|\)|,|-?\d+(?:\.\d+)?(?![\w.])|\$[\w]*(?:\.[\w]+)*|(?:\.[\w]+)+|\.|[A-Za-z_][\w]*(?:\.[\w]+)*)/y;
  let m;
  let pos = 0;
  while (pos < expr.length) {
    re.lastIndex = pos;
    m = re.exec(expr);
    if (!m) {
      if (/^\s*$/.test(expr.slice(pos))) break;
      throw new RenderError(`cannot read "${expr.slice(pos)}" in {{ ${expr} }}`);
    }
    out.push(m[1]);
    pos = re.lastIndex;
  }
  return out;
}

/** Parses a token list into a tree of nodes; `define` blocks go to `defines`. */
function parse(tokens, defines, file) {
  let pos = 0;
  const block = (stops) => {
    const nodes = [];
    while (pos < tokens.length) {
      const tok = tokens[pos];
      if (tok.t === 'text') {
        nodes.push({ k: 'text', v: tok.v });
        pos++;
        continue;
      }
      const w = tok.v.split(/\s+/)[0];
      if (stops.includes(w)) return nodes;
      pos++;
      if (w === 'if' || w === 'with' || w === 'range') {
        const node = { k: w, expr: tok.v.slice(w.length).trim(), body: block(['else', 'end']), alt: null };
        let cur = node;
        while (tokens[pos]?.v.startsWith('else')) {
          const rest = tokens[pos].v.slice(4).trim();
          pos++;
          if (rest.startsWith('if ')) {
            const next = { k: 'if', expr: rest.slice(3).trim(), body: block(['else', 'end']), alt: null };
            cur.alt = [next];
            cur = next;
          } else cur.alt = block(['end']);
        }
        if (!tokens[pos] || tokens[pos].v !== 'end') throw new RenderError(`${file}: ${w} without end`);
        pos++;
        nodes.push(node);
      } else if (w === 'define') {
        const name = JSON.parse(tok.v.slice(6).trim());
        const body = block(['end']);
        pos++;
        defines[name] = body;
      } else if (w === 'end' || w === 'else') throw new RenderError(`${file}: unexpected ${w}`);
      else nodes.push({ k: 'out', expr: tok.v });
    }
    if (stops.length) throw new RenderError(`${file}: missing end`);
    return nodes;
  };
  return block([]);
}

/* ---------------------------------------------------------------- values and functions */

const truthy = (v) => !(v === undefined || v === null || v === false || v === 0 || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0));
const str = (v) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const num = (v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)) ? Number(v) : typeof v === 'boolean' ? Number(v) : 0);

/** Go's fmt verbs %s %d %v %q over the arguments. */
function sprintf(format, args) {
  let i = 0;
  return format.replace(/%([sdvq%])/g, (_, verb) => {
    if (verb === '%') return '%';
    const a = args[i++];
    if (verb === 'd') return String(Math.trunc(num(a)));
    if (verb === 'q') return JSON.stringify(str(a));
    return str(a);
  });
}

/** The functions of the chart: Go template built-ins and the Sprig / Helm ones it uses. */
function functions(ctx) {
  return {
    include: (name, data) => ctx.include(name, data),
    printf: (f, ...a) => sprintf(f, a),
    toYaml: (v) => (v === undefined || v === null ? 'null' : ctx.YAML.stringify(v, { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, '')),
    nindent: (n, s) => '\n' + str(s).split('\n').map((l) => ' '.repeat(n) + l).join('\n'),
    indent: (n, s) => str(s).split('\n').map((l) => ' '.repeat(n) + l).join('\n'),
    int: (v) => Math.trunc(num(v)),
    dict: (...kv) => {
      const o = {};
      for (let i = 0; i < kv.length; i += 2) o[str(kv[i])] = kv[i + 1];
      return o;
    },
    set: (o, k, v) => ((o[k] = v), o),
    list: (...a) => a,
    append: (l, v) => [...(l ?? []), v],
    has: (v, l) => (l ?? []).some((x) => x === v),
    join: (sep, l) => (l ?? []).map(str).join(sep),
    len: (v) => (Array.isArray(v) || typeof v === 'string' ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
    index: (o, ...keys) => keys.reduce((a, k) => (a == null ? undefined : a[k]), o),
    dig: (...a) => {
      const map = a.pop();
      const def = a.pop();
      let o = map;
      for (const k of a) {
        if (o == null || typeof o !== 'object' || !(k in o)) return def;
        o = o[k];
      }
      return o;
    },
    eq: (a, ...bs) => bs.some((b) => a === b || (typeof a === 'number' && typeof b === 'number' && a === b)),
    ne: (a, b) => a !== b,
    lt: (a, b) => num(a) < num(b),
    le: (a, b) => num(a) <= num(b),
    gt: (a, b) => num(a) > num(b),
    ge: (a, b) => num(a) >= num(b),
    and: (...a) => a.reduce((x, y) => (truthy(x) ? y : x)),
    or: (...a) => a.find(truthy) ?? a[a.length - 1],
    not: (v) => !truthy(v),
    empty: (v) => !truthy(v),
    default: (d, v) => (truthy(v) ? v : d),
    ternary: (a, b, c) => (truthy(c) ? a : b),
    add: (...a) => a.reduce((x, y) => num(x) + num(y), 0),
    sub: (a, b) => num(a) - num(b),
    mul: (...a) => a.reduce((x, y) => num(x) * num(y), 1),
    toString: (v) => str(v),
    quote: (...a) => a.map((v) => JSON.stringify(str(v))).join(' '),
    trunc: (n, s) => str(s).slice(0, n),
    upper: (s) => str(s).toUpperCase(),
    lower: (s) => str(s).toLowerCase(),
    // sprig's case changes of camelCase keys: gameEngine -> game_engine / game-engine
    snakecase: (s) => str(s).replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-\s]+/g, '_').toLowerCase(),
    kebabcase: (s) => str(s).replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[_\s]+/g, '-').toLowerCase(),
    trimSuffix: (suf, s) => (str(s).endsWith(suf) ? str(s).slice(0, -suf.length) : str(s)),
    replace: (a, b, s) => str(s).split(a).join(b),
    contains: (sub, s) => str(s).includes(str(sub)),
    b64enc: (s) => Buffer.from(str(s)).toString('base64'),
    sha256sum: (s) => createHash('sha256').update(str(s)).digest('hex'),
    randAlphaNum: (n) => randomBytes(n).toString('base64').replace(/[^A-Za-z0-9]/g, 'a').slice(0, n),
    lookup: () => ({}),
    required: (msg, v) => {
      if (!truthy(v)) throw new RenderError(msg);
      return v;
    },
    fail: (msg) => {
      throw new RenderError(msg);
    },
  };
}

/* ---------------------------------------------------------------- evaluation */

/** Evaluates one pipeline (`a | b c | d`) in scope `sc` ({dot, vars}). */
function evalPipeline(ws, sc, fns) {
  // split on | at depth 0
  const cmds = [[]];
  let depth = 0;
  for (const w of ws) {
    if (w === '(') depth++;
    if (w === ')') depth--;
    if (w === '|' && depth === 0) cmds.push([]);
    else cmds[cmds.length - 1].push(w);
  }
  let prev;
  cmds.forEach((cmd, i) => {
    prev = evalCommand(cmd, sc, fns, i > 0 ? [prev] : []);
  });
  return prev;
}

/** Reads one operand starting at `ws[i]`: returns [value, next index]. */
function operand(ws, i, sc, fns) {
  const w = ws[i];
  if (w === '(') {
    let depth = 1;
    let j = i + 1;
    for (; j < ws.length && depth > 0; j++) {
      if (ws[j] === '(') depth++;
      if (ws[j] === ')') depth--;
    }
    return [evalPipeline(ws.slice(i + 1, j - 1), sc, fns), j];
  }
  if (w.startsWith('"')) return [JSON.parse(w), i + 1];
  if (w.startsWith('`')) return [w.slice(1, -1), i + 1];
  if (/^-?\d/.test(w)) return [Number(w), i + 1];
  if (w === 'true' || w === 'false') return [w === 'true', i + 1];
  if (w === 'nil') return [null, i + 1];
  if (w === '.') return [sc.dot, i + 1];
  if (w.startsWith('.')) return [path(sc.dot, w.slice(1).split('.')), i + 1];
  if (w.startsWith('$')) {
    const [name, ...rest] = w.split('.');
    if (!(name in sc.vars)) throw new RenderError(`undefined variable ${name}`);
    return [path(sc.vars[name], rest), i + 1];
  }
  throw new RenderError(`unexpected "${w}"`);
}

const path = (o, keys) => keys.reduce((a, k) => (a == null ? undefined : a[k]), o);

/** One command: a function call with arguments (plus the piped value last), or a single operand. */
function evalCommand(ws, sc, fns, piped) {
  if (ws.length === 0) throw new RenderError('empty command');
  const head = ws[0];
  if (/^[A-Za-z_]\w*$/.test(head) && !['true', 'false', 'nil'].includes(head)) {
    const fn = fns[head];
    if (!fn) throw new RenderError(`function "${head}" is not implemented by deploy/helm-lite.mjs`);
    const args = [];
    for (let i = 1; i < ws.length; ) {
      const [v, next] = operand(ws, i, sc, fns);
      args.push(v);
      i = next;
    }
    return fn(...args, ...piped);
  }
  const [v, next] = operand(ws, 0, sc, fns);
  if (next !== ws.length) throw new RenderError(`extra words after "${head}"`);
  return v;
}

/** Renders a node list in scope `sc`. Variables declared inside a block end with it. */
function run(nodes, sc, fns) {
  let out = '';
  for (const n of nodes) {
    if (n.k === 'text') out += n.v;
    else if (n.k === 'out') {
      const ws = words(n.expr);
      if (ws[0]?.startsWith('$') && (ws[1] === ':=' || ws[1] === '=')) {
        const v = evalPipeline(ws.slice(2), sc, fns);
        if (ws[1] === ':=') sc.vars[ws[0]] = v;
        else {
          if (!(ws[0] in sc.vars)) throw new RenderError(`assignment to undeclared ${ws[0]}`);
          sc.assign(ws[0], v);
        }
      } else out += str(evalPipeline(ws, sc, fns));
    } else if (n.k === 'if' || n.k === 'with') {
      const v = evalPipeline(words(n.expr), sc, fns);
      if (truthy(v)) out += run(n.body, child(sc, n.k === 'with' ? v : sc.dot), fns);
      else if (n.alt) out += run(n.alt, child(sc, sc.dot), fns);
    } else if (n.k === 'range') {
      const ws = words(n.expr);
      let keyVar = null;
      let valVar = null;
      let expr = ws;
      const decl = ws.indexOf(':=');
      if (decl > 0) {
        const names = ws.slice(0, decl).filter((w) => w !== ',');
        [keyVar, valVar] = names.length === 2 ? names : [null, names[0]];
        expr = ws.slice(decl + 1);
      }
      const coll = evalPipeline(expr, sc, fns);
      const entries = Array.isArray(coll) ? coll.map((v, i) => [i, v]) : coll && typeof coll === 'object' ? Object.keys(coll).sort().map((k) => [k, coll[k]]) : [];
      if (entries.length === 0 && n.alt) out += run(n.alt, child(sc, sc.dot), fns);
      for (const [k, v] of entries) {
        const inner = child(sc, v);
        if (keyVar) inner.vars[keyVar] = k;
        if (valVar) inner.vars[valVar] = v;
        out += run(n.body, inner, fns);
      }
    }
  }
  return out;
}

/** The scope of a template or an include: `$` is its data; variables declared at its top level live here. */
function rootScope(data) {
  const vars = { $: data };
  return { dot: data, vars, assign: (name, v) => (vars[name] = v) };
}

/** A nested scope: reads its parent's variables, and `=` assigns where the variable was declared. */
function child(sc, dot) {
  const vars = Object.create(sc.vars);
  const scope = {
    dot,
    vars,
    assign: (name, v) => {
      if (Object.prototype.hasOwnProperty.call(vars, name)) vars[name] = v;
      else sc.assign(name, v);
    },
  };
  return scope;
}

/**
 * Renders every template of a chart (files not starting with `_`) with `values`, as Helm would with these values
 * already merged: returns each file's text (documents separated by `---`). Throws RenderError on a `fail`, a
 * `required` without value, or anything the renderer does not implement.
 * @param chartDir the chart's directory
 * @param values the merged values (values.yaml and -f files)
 * @param opts releaseName (default "nf"), namespace (default "default")
 */
export function renderChart(chartDir, values, opts = {}) {
  const YAML = opts.YAML;
  if (!YAML) throw new Error('renderChart needs opts.YAML (the yaml package)');
  const chart = YAML.parse(readFileSync(join(chartDir, 'Chart.yaml'), 'utf8'));
  const root = {
    Values: values,
    Release: { Name: opts.releaseName ?? 'nf', Namespace: opts.namespace ?? 'default', Service: 'Helm', IsInstall: true, IsUpgrade: false },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
    Capabilities: {},
  };
  const dir = join(chartDir, 'templates');
  const files = readdirSync(dir).filter((f) => /\.(ya?ml|tpl)$/.test(f)).sort();
  const defines = {};
  const trees = {};
  for (const f of files) trees[f] = parse(lex(readFileSync(join(dir, f), 'utf8'), f), defines, f);
  const ctx = { YAML };
  const fns = functions(ctx);
  ctx.include = (name, data) => {
    if (!defines[name]) throw new RenderError(`include "${name}": no such template`);
    return run(defines[name], rootScope(data), fns);
  };
  const out = [];
  for (const f of files) {
    if (f.startsWith('_') || f.endsWith('.txt')) continue;
    try {
      out.push({ file: f, text: run(trees[f], rootScope(root), fns) });
    } catch (e) {
      if (e instanceof RenderError) throw new RenderError(`${f}: ${e.message}`);
      throw e;
    }
  }
  return out;
}
