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

/** The signals that end a server: Ctrl+C, a service manager's stop, and a closed terminal. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `shutdown` on any signal that ends the process. Without a handler, SIGHUP (the terminal
 * was closed) ended Node at once, skipping the database's stop: the embedded PostgreSQL, in its
 * own process group, was left running as an orphan. A closed terminal also breaks stdout and
 * stderr, whose write errors must not end the shutdown half-way.
 */
export function onStopSignals(shutdown: (signal: string) => void): void {
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (signal === 'SIGHUP') {
        process.stdout.on('error', () => {});
        process.stderr.on('error', () => {});
      }
      shutdown(signal);
    });
  }
}
