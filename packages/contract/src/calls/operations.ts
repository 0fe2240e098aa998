import { z } from 'zod';
import { defineCall, fileResponseSchema } from '../define-call';

// For the platform that runs the portal, not the web app (docs/product/operations.md#health): a load balancer's
// checks and Prometheus' scrape. None takes a user token; none writes a request line to the log.

const tag = 'operations';

/** 200 while the process runs, draining included: the process is alive, whatever it can serve. */
export const healthCall = defineCall({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  tag,
  summary: 'Liveness: the process runs',
  response: z.object({ status: z.literal('ok') }),
});

/**
 * 200 only when the database answers, its migrations are the ones this process was built with, and the process
 * is not draining after a SIGTERM; 503 error.serviceUnavailable otherwise.
 */
export const readyCall = defineCall({
  method: 'GET',
  path: '/api/ready',
  auth: 'public',
  tag,
  summary: 'Readiness: database reachable and current, not draining',
  response: z.object({ status: z.literal('ready') }),
});

/**
 * Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>` (401 error.http.unauthorized without
 * it); 404 error.notFound when METRICS_TOKEN is not set.
 */
export const metricsCall = defineCall({
  method: 'GET',
  path: '/api/metrics',
  auth: 'public',
  tag,
  summary: 'Prometheus metrics (METRICS_TOKEN)',
  produces: 'text/plain',
  response: fileResponseSchema,
});
