// docker compose's health check of the cms (docker-compose.yml). A dead cms ends its container,
// which the restart policy starts again; a hung one (alive, but answering nothing) would stay
// up for ever. So this check counts its failures in a row and, at the third, kills the server
// process: the container ends and is started again. Node's own modules only.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const COUNTER = '/tmp/cms-health-failures';
const KILL_AFTER = 3;

const failuresSoFar = () => Number(readFileSync(COUNTER, 'utf8').trim()) || 0;

/** The process ids whose command line runs the cms (scripts/serve.cjs; the container runs with an init process in front). */
const strapiProcesses = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        return /\0scripts\/serve\.cjs(\0|$)/.test(readFileSync(`/proc/${name}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);

try {
  const answer = await fetch('http://127.0.0.1:1337/_health', { signal: AbortSignal.timeout(3000) });
  if (!answer.ok) throw new Error(`status ${answer.status}`);
  writeFileSync(COUNTER, '0');
  process.exit(0);
} catch (error) {
  let failures = 1;
  try {
    failures = failuresSoFar() + 1;
  } catch {
    // first failure
  }
  writeFileSync(COUNTER, String(failures));
  console.error(`cms health check failed (${failures} in a row): ${error.message}`);
  if (failures >= KILL_AFTER) {
    writeFileSync(COUNTER, '0');
    for (const pid of strapiProcesses()) process.kill(pid, 'SIGKILL');
  }
  process.exit(1);
}
