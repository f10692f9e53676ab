import { readFileSync, statSync, writeFileSync } from 'node:fs';

/**
 * What a build (the page's, the server's) was made from: each input file's size and modification
 * time, and what the build printed. `npm start` and `npm test` run the builds first, and a start
 * should not wait for one whose inputs have not changed since it ran.
 */
interface BuildInputs {
  /** Each input file (absolute path) and its size and modification time. */
  files: Record<string, string>;
  /** What the build printed. */
  report: string[];
}

/**
 * The record's name in a build's output folder: a dotfile, which the server never serves from
 * dist/web (it names the build machine's paths).
 */
export const BUILD_RECORD = '.build-inputs.json';

const stamp = (file: string) => {
  try {
    const st = statSync(file);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/** What the build recorded in `record` printed, when none of its inputs has changed since. */
export function unchangedBuild(record: string): string[] | undefined {
  try {
    const previous = JSON.parse(readFileSync(record, 'utf8')) as BuildInputs;
    return Object.entries(previous.files).every(([file, was]) => stamp(file) === was)
      ? previous.report
      : undefined;
  } catch {
    return undefined;
  }
}

/** Records a build's inputs and what it printed, for the next run's `unchangedBuild`. */
export function recordBuild(record: string, files: string[], report: string[]): void {
  const inputs: BuildInputs = { files: Object.fromEntries(files.map((f) => [f, stamp(f)])), report };
  writeFileSync(record, JSON.stringify(inputs));
}
