{{- define "quiver.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "quiver.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "quiver.selectorLabels" -}}
app.kubernetes.io/name: {{ include "quiver.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "quiver.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "quiver.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* The Secret holding the vault key: the operator's, or the one this chart makes. */}}
{{- define "quiver.vaultSecretName" -}}
{{- if .Values.vault.existingSecret }}
{{- .Values.vault.existingSecret }}
{{- else }}
{{- $_ := required "vault.existingSecret or vault.key is required: the credential vault key, base64 of 32 random bytes (openssl rand -base64 32)" .Values.vault.key }}
{{- printf "%s-vault" (include "quiver.fullname" .) }}
{{- end }}
{{- end }}

{{- define "quiver.vaultSecretKey" -}}
{{- if .Values.vault.existingSecret }}{{ .Values.vault.existingSecretKey }}{{ else }}vault-key{{ end }}
{{- end }}

{{/* The Secret holding the database password, if there is one. */}}
{{- define "quiver.databaseSecretName" -}}
{{- if .Values.database.existingSecret }}
{{- .Values.database.existingSecret }}
{{- else if .Values.database.password }}
{{- printf "%s-database" (include "quiver.fullname" .) }}
{{- end }}
{{- end }}

{{- define "quiver.databaseSecretKey" -}}
{{- if .Values.database.existingSecret }}{{ .Values.database.existingSecretKey }}{{ else }}password{{ end }}
{{- end }}

{{- define "quiver.metricsSecretName" -}}
{{- if .Values.metrics.existingSecret }}
{{- .Values.metrics.existingSecret }}
{{- else if .Values.metrics.scrapeToken }}
{{- printf "%s-metrics" (include "quiver.fullname" .) }}
{{- end }}
{{- end }}

{{- define "quiver.metricsSecretKey" -}}
{{- if .Values.metrics.existingSecret }}{{ .Values.metrics.existingSecretKey }}{{ else }}scrape-token{{ end }}
{{- end }}

{{- define "quiver.gracePeriodSeconds" -}}
{{- add .Values.shutdown.preStopSeconds .Values.shutdown.drainSeconds .Values.shutdown.closeSeconds }}
{{- end }}
