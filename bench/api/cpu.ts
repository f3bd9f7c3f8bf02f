import { readFile } from 'node:fs/promises';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux), or NaN. */
export async function cpuSeconds(pid: number | undefined): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}
