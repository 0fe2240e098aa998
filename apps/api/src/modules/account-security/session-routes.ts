import type { FastifyInstance } from 'fastify';

// Being written (issue [5 of 6]); registered so the module layout is fixed.
export async function sessionRoutes(_app: FastifyInstance) {}
