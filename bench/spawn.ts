/** Bench servers: a script that prints one JSON line {"port":…, "key"?:…} once it listens, and its stop. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Listening {
  proc: ChildProcess;
  url: string;
  key: string;
}

/** Spawn `node <args>` (after `prefix`, e.g. `taskset -c 0`); `started` sees the pid at once. */
export function spawnListening(
  args: string[],
  opts: { env?: Record<string, string>; prefix?: string[]; started?: (pid: number) => void } = {},
): Promise<Listening> {
  const [cmd, ...rest] = [...(opts.prefix ?? []), process.execPath, ...args];
  const proc = spawn(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
  if (proc.pid) opts.started?.(proc.pid);
  forwardProblems(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) {
        const { port, key } = JSON.parse(line) as { port: number; key?: string };
        resolve({ proc, url: `http://127.0.0.1:${port}`, key: key ?? '' });
      }
    });
    proc.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
}

/**
 * The server still writes its request log (a bench measures that cost too), but only its warnings and errors
 * reach the terminal: one line per request would be hundreds of thousands of lines.
 */
function forwardProblems(proc: ChildProcess) {
  let rest = '';
  proc.stderr?.on('data', (d: Buffer) => {
    const lines = (rest + d.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (!/^\{"level":"(debug|info)"/.test(line)) process.stderr.write(line + '\n');
  });
}

export function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode) return resolve();
    proc.on('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}
