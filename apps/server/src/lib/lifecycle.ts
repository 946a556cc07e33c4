/**
 * Shutdown in two phases (SIGTERM): first drain — still serving, but /api/health/ready answers
 * 503 and every response says `connection: close`, so a load balancer moves traffic to other
 * nodes — then close: stop accepting, finish the requests and jobs in hand, stop the database.
 */
let draining = false;

export const isDraining = () => draining;
export const startDraining = () => {
  draining = true;
};
