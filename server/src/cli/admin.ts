import { createInterface } from 'node:readline';
import { runAdmin } from './admin-command.ts';

/** The admin command as a process: the password from standard input, the exit code as its own. */
/** Reads one line: piped input as is, or a prompt at a terminal with the typing hidden. */
function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((resolve) => {
      const rl = createInterface({ input: stdin });
      rl.once('line', (line) => {
        resolve(line); // before close(), whose handler would otherwise resolve first with ''
        rl.close();
      });
      rl.once('close', () => resolve(''));
    });
  }
  return new Promise((resolve) => {
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return resolve(typed);
        }
        if (ch === '\u0003') process.exit(130);
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

runAdmin(process.argv.slice(2), {
  readPassword,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
}).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
