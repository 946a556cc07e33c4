import path from 'node:path';

/**
 * Console output always; with VITEST_JSON_DIR set (CI), also a JSON report per
 * workspace so `.ci/run` can print one 'N passed, N failed' line for the run.
 */
export function ciReporters(name: string): Array<string | [string, Record<string, unknown>]> {
  const dir = process.env.VITEST_JSON_DIR;
  return dir ? ['default', ['json', { outputFile: path.join(dir, `${name}.json`) }]] : ['default'];
}
