import { Counter, Histogram } from 'prom-client';

/**
 * What this process counts as it works. They are the process's own (a Prometheus counter is per
 * process), registered in no registry here: each app's registry (app-metrics.ts) adds them.
 */
export const httpRequests = new Counter({
  name: 'licensure_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [],
});

export const httpDuration = new Histogram({
  name: 'licensure_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [],
});

export const jobFailures = new Counter({
  name: 'licensure_job_failures_total',
  help: 'Job attempts that failed (retried while retries remain), by queue',
  labelNames: ['queue'] as const,
  registers: [],
});

export const jobRetries = new Counter({
  name: 'licensure_job_retries_total',
  help: 'Job attempts that were retries of a failed attempt, by queue',
  labelNames: ['queue'] as const,
  registers: [],
});

export const mailSent = new Counter({
  name: 'licensure_mail_sent_total',
  help: 'Mails the SMTP server accepted',
  registers: [],
});

export const mailFailed = new Counter({
  name: 'licensure_mail_failed_total',
  help: 'Mail attempts the SMTP server refused or that could not reach it; final="true" when no retry is left',
  labelNames: ['final'] as const,
  registers: [],
});

export const eventDispatchLag = new Histogram({
  name: 'licensure_event_dispatch_lag_seconds',
  help: 'Time from recording a domain event to handing it to its consumers',
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900],
  registers: [],
});

export const processCounters = [
  httpRequests,
  httpDuration,
  jobFailures,
  jobRetries,
  mailSent,
  mailFailed,
  eventDispatchLag,
];
