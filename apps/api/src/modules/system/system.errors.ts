import { defineErrors } from '../../errors.ts';

// The system module's answers (docs/decisions/111). With METRICS_TOKEN unset, /metrics is the
// framework's plain "Not found" (docs/decisions/133).

export const systemErrors = defineErrors('system', {
  /** GET /metrics without the bearer token METRICS_TOKEN, or with another. */
  metricsToken: { code: 'metrics.unauthorized', status: 401, message: 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>' },
});
