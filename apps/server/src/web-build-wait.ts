/**
 * `npm start` (scripts/start.mjs) builds a stale web app while this process starts the database,
 * migrates and loads the demo data; the server registers the web app and listens only once the
 * build is done, so it never serves a half-built one (docs/development.md, "First start").
 *
 * start.mjs says so with MARQUEE_WEB_BUILD=pending and an IPC channel: when everything else is
 * ready we ask (`web-build?`) and it answers once the build has finished (`web-build`). A failed
 * build is not answered: start.mjs prints its output and stops this process with SIGTERM.
 * Started any other way (npm run dev, tests, a service unit), there is nothing to wait for.
 */
export function webBuildPending(): boolean {
  return process.env.MARQUEE_WEB_BUILD === 'pending' && typeof process.send === 'function';
}

/**
 * Resolves with the build's duration in seconds once start.mjs says the web app is built; rejects
 * if start.mjs is gone before that (killed outright: nobody would ever answer).
 */
export function waitForWebBuild(): Promise<number> {
  if (!webBuildPending()) return Promise.resolve(0);
  return new Promise((resolve, reject) => {
    const done = () => {
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
    };
    const onMessage = (msg: unknown) => {
      const m = msg as { marquee?: string; ok?: boolean; seconds?: number } | null;
      if (m?.marquee !== 'web-build' || !m.ok) return;
      done();
      // The channel stays open (start.mjs's stop signals do not use it) but no longer keeps us alive.
      process.channel?.unref();
      resolve(m.seconds ?? 0);
    };
    const onDisconnect = () => {
      done();
      reject(new Error('npm start stopped before the web build finished'));
    };
    process.on('message', onMessage);
    process.once('disconnect', onDisconnect);
    process.send!({ marquee: 'web-build?' });
  });
}
