import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** A data folder another live process holds: what to tell the person who tried to open it. */
export class DataDirInUse extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number, file: string) {
    super(
      `The data folder ${dir} is in use by another Hatari process (pid ${pid}). Two processes on one ` +
        'embedded database can corrupt it: stop that one first (Ctrl-C where it runs, or ' +
        `kill ${pid}), then try again. Commands such as npm run admin need the server stopped. ` +
        `If no Hatari runs on this machine, delete ${file}.`,
    );
    this.pid = pid;
  }
}

/**
 * Whether the claim's process still runs Node: after a restart its pid may name an unrelated
 * process, which must not keep the folder. Where /proc is missing, a live pid is trusted.
 */
const holds = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, as another user's.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
};

/**
 * Claims an embedded data folder for this process: a file beside it holds the owner's pid, created
 * only if absent (atomically), so a second server or the admin command refuses at once instead of
 * opening the same files. A claim whose process is gone (killed, the machine restarted) is taken
 * over. Returns the release, which the database's close runs (and process exit, if it does not).
 */
export function claimDataDir(dir: string): () => void {
  const file = `${dir}.owner`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && holds(pid))
        throw new DataDirInUse(dir, pid, file);
      unlinkSync(file);
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}
