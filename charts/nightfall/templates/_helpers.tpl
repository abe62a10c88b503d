{{/*
Named templates shared by every manifest of the chart. The per-service templates take a dict
{root: $, svc: <one entry of .Values.services>}.
*/}}

{{/* Chart name (nameOverride wins). */}}
{{- define "nightfall.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Prefix of every resource name: <release>-nightfall, or the release name when it already contains the chart name. */}}
{{- define "nightfall.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* chart label value: name-version */}}
{{- define "nightfall.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels of resources that belong to the whole release (Secret, Ingress). */}}
{{- define "nightfall.commonLabels" -}}
helm.sh/chart: {{ include "nightfall.chart" . }}
app.kubernetes.io/name: {{ include "nightfall.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: nightfall
{{- end -}}

{{/* Name of one service's resources: <fullname>-<svc.name>, e.g. nf-nightfall-game-engine. Takes {root, svc}. */}}
{{- define "nightfall.componentName" -}}
{{- printf "%s-%s" (include "nightfall.fullname" .root) .svc.name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels of one service (immutable in a Deployment: never add labels here). Takes {root, svc}. */}}
{{- define "nightfall.selectorLabels" -}}
app.kubernetes.io/name: {{ include "nightfall.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .svc.name }}
{{- end -}}

{{/* All labels of one service's resources. Takes {root, svc}. */}}
{{- define "nightfall.labels" -}}
{{ include "nightfall.commonLabels" .root }}
app.kubernetes.io/component: {{ .svc.name }}
{{- end -}}

{{/* Image reference of a service: repository:tag, the tag from svc.image.tag, image.tag, or appVersion. Takes {root, svc}. */}}
{{- define "nightfall.image" -}}
{{- $tag := .svc.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" .svc.image.repository (toString $tag) -}}
{{- end -}}

{{/*
gRPC target of a service through its headless Service, dns:///<name>-headless.<namespace>.svc.<clusterDomain>:<grpc port>:
the name resolves to every ready pod and the clients balance calls round-robin over them (HTTP/2
connections are long-lived, so a ClusterIP would pin each gateway to one pod). Takes {root, svc}.
*/}}
{{- define "nightfall.grpcTarget" -}}
{{- printf "dns:///%s-headless.%s.svc.%s:%v" (include "nightfall.componentName" .) .root.Release.Namespace .root.Values.clusterDomain .svc.ports.grpc -}}
{{- end -}}

{{/* Name of the hook-time copy of DATABASE_URL read by the migration Jobs (the main Secret does not exist yet before install). */}}
{{- define "nightfall.migrationSecretName" -}}
{{- printf "%s-migrations" (include "nightfall.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
secretKeyRef body (name, key) of a secret variable. Takes {root, env, hook}: env is DATABASE_URL,
SESSION_SECRET, ADMIN_EMAILS or SUPER_ADMIN_EMAIL; hook=true selects the migration Secret for a
chart-managed DATABASE_URL. The admin e-mails of admins.existingSecret are optional keys (unset = none).
*/}}
{{- define "nightfall.secretKeyRef" -}}
{{- $v := .root.Values -}}
{{- if eq .env "DATABASE_URL" -}}
{{- if $v.database.existingSecret -}}
name: {{ $v.database.existingSecret }}
key: {{ $v.database.existingSecretKey }}
{{- else if .hook -}}
name: {{ include "nightfall.migrationSecretName" .root }}
key: DATABASE_URL
{{- else -}}
name: {{ include "nightfall.fullname" .root }}
key: DATABASE_URL
{{- end -}}
{{- else if eq .env "SESSION_SECRET" -}}
{{- if $v.session.existingSecret -}}
name: {{ $v.session.existingSecret }}
key: {{ $v.session.existingSecretKey }}
{{- else -}}
name: {{ include "nightfall.fullname" .root }}
key: SESSION_SECRET
{{- end -}}
{{- else if or (eq .env "ADMIN_EMAILS") (eq .env "SUPER_ADMIN_EMAIL") -}}
{{- if $v.admins.existingSecret -}}
name: {{ $v.admins.existingSecret }}
key: {{ eq .env "ADMIN_EMAILS" | ternary $v.admins.emailsKey $v.admins.superAdminEmailKey }}
optional: true
{{- else -}}
name: {{ include "nightfall.fullname" .root }}
key: {{ .env }}
{{- end -}}
{{- else -}}
{{- fail (printf "secretEnv: unknown secret variable %s (known: DATABASE_URL, SESSION_SECRET, ADMIN_EMAILS, SUPER_ADMIN_EMAIL)" .env) -}}
{{- end -}}
{{- end -}}

{{/* The DATABASE_URL value, base64-encoded, for the chart's Secrets (fails without database.url). */}}
{{- define "nightfall.databaseUrlB64" -}}
{{- required "database.url is required (a postgres:// URL), or set database.existingSecret" .Values.database.url | b64enc -}}
{{- end -}}

{{/*
The SESSION_SECRET value, base64-encoded: session.secret when set; otherwise the value already stored
in the release's Secret (so upgrades keep sessions valid); otherwise a new random 48-character secret.
*/}}
{{- define "nightfall.sessionSecretB64" -}}
{{- if .Values.session.secret -}}
{{- if lt (len .Values.session.secret) 32 -}}
{{- fail "session.secret must be at least 32 characters" -}}
{{- end -}}
{{- .Values.session.secret | b64enc -}}
{{- else -}}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (include "nightfall.fullname" .) -}}
{{- $stored := "" -}}
{{- if $existing -}}
{{- if $existing.data -}}
{{- $stored = index $existing.data "SESSION_SECRET" | default "" -}}
{{- end -}}
{{- end -}}
{{- $stored | default (randAlphaNum 48 | b64enc) -}}
{{- end -}}
{{- end -}}

{{/*
Plain environment of one service (a dict, rendered by configmap.yaml): NODE_ENV, LOG_LEVEL, NATS_URL,
COOKIE_SECURE, the tracing settings (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_TRACES_SAMPLER_ARG); the service's listen variables from portEnv (gRPC as 0.0.0.0:<port>, HTTP as <port>);
the gRPC target variable of every enabled service (grpcTargetEnv); then svc.env, which wins.
Takes {root, svc}; returns YAML.
*/}}
{{- define "nightfall.env" -}}
{{- $root := .root -}}
{{- $svc := .svc -}}
{{- $env := dict "NODE_ENV" $root.Values.config.nodeEnv "LOG_LEVEL" $root.Values.config.logLevel "NATS_URL" $root.Values.nats.url "COOKIE_SECURE" (toString $root.Values.config.cookieSecure) "OTEL_EXPORTER_OTLP_ENDPOINT" $root.Values.tracing.otlpEndpoint "OTEL_TRACES_SAMPLER_ARG" (toString $root.Values.tracing.sampleRatio) -}}
{{- range $portName, $envName := $svc.portEnv -}}
{{- $port := index $svc.ports $portName -}}
{{- if not $port -}}
{{- fail (printf "services.%s.portEnv.%s: the service has no ports.%s" $svc.name $portName $portName) -}}
{{- end -}}
{{- if eq $portName "grpc" -}}
{{- $_ := set $env $envName (printf "0.0.0.0:%v" $port) -}}
{{- else -}}
{{- $_ := set $env $envName (printf "%v" $port) -}}
{{- end -}}
{{- end -}}
{{- range $key, $other := $root.Values.services -}}
{{- if and $other.enabled $other.grpcTargetEnv -}}
{{- $_ := set $env $other.grpcTargetEnv (include "nightfall.grpcTarget" (dict "root" $root "svc" $other)) -}}
{{- end -}}
{{- end -}}
{{- range $name, $value := $svc.env -}}
{{- $_ := set $env $name (toString $value) -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* Pod-level settings shared by Deployments and migration Jobs. Takes the root context. */}}
{{- define "nightfall.podSpecCommon" -}}
automountServiceAccountToken: false
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
Fails the render when the services' PostgreSQL pools at their maximum replicas (DATABASE_POOL_SIZE, default 10,
times autoscaling.maxReplicas or replicas) need more than database.maxConnections - reservedConnections
(docs/faults.md "Inside the cluster"). Renders nothing. Takes the root context.
*/}}
{{- define "nightfall.connectionBudget" -}}
{{- $total := 0 -}}
{{- $parts := list -}}
{{- range $key, $svc := .Values.services -}}
{{- if and $svc.enabled (has "DATABASE_URL" $svc.secretEnv) -}}
{{- $replicas := int $svc.replicas -}}
{{- if dig "autoscaling" "enabled" false $svc -}}
{{- $replicas = int $svc.autoscaling.maxReplicas -}}
{{- end -}}
{{- $need := mul (int (dig "env" "DATABASE_POOL_SIZE" "10" $svc)) $replicas -}}
{{- $total = add $total $need -}}
{{- $parts = append $parts (printf "%s %d" $svc.name (int $need)) -}}
{{- end -}}
{{- end -}}
{{- $budget := sub (int .Values.database.maxConnections) (int .Values.database.reservedConnections) -}}
{{- if gt (int $total) (int $budget) -}}
{{- fail (printf "database: the services' pools need %d connections at their maximum replicas (%s), more than database.maxConnections %d - reservedConnections %d: lower DATABASE_POOL_SIZE or maxReplicas, or put PgBouncer in front and raise maxConnections" (int $total) (join ", " $parts) (int .Values.database.maxConnections) (int .Values.database.reservedConnections)) -}}
{{- end -}}
{{- end -}}

{{/*
Name of the Secret holding each service's gRPC caller token (grpcAuth.existingSecret, or the chart's own).
*/}}
{{- define "nightfall.grpcAuthSecretName" -}}
{{- .Values.grpcAuth.existingSecret | default (printf "%s-grpc-callers" (include "nightfall.fullname" .)) -}}
{{- end -}}
