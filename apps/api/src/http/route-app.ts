import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The Fastify instance a route plugin receives (TypeBox type provider), for per-route-group functions. */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];
