/**
 * The process's place in its life, shared by the entry (server.js, which
 * starts the drain on SIGTERM) and the app (whose /healthz answers 503 while
 * draining, so a load balancer stops sending before the listener closes).
 */
export const lifecycle = { draining: false };
