import { ConfigError } from '../config.ts';
import { JOBS } from './index.ts';
import { cronOf, type Job } from './job.ts';

/**
 * JOB_SCHEDULES, read here rather than in config.ts: checking the names needs the list of jobs, and
 * the jobs import the modules they clean, which import the configuration (no import circles, issue
 * 26). main.ts reads it right after loadConfig, so a bad value still stops the start before anything
 * is opened, with the same ConfigError.
 *
 * `name=pattern` pairs split by ';', each naming a job (or '*': every job) and a valid cron pattern;
 * unset or blank: every job keeps its own pattern.
 */
export function loadJobSchedules(
  env: NodeJS.ProcessEnv = process.env,
  jobs: readonly Job[] = JOBS,
): Record<string, string> {
  const value = env.JOB_SCHEDULES ?? '';
  const schedules: Record<string, string> = {};
  const problems: string[] = [];
  const names = jobs.map((job) => job.name);
  for (const pair of value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, Math.max(at, 0)).trim();
    const pattern = pair.slice(at + 1).trim();
    if (at < 0 || !name || !pattern) {
      problems.push(`JOB_SCHEDULES: "${pair}" must be name=cron pattern`);
    } else if (name !== '*' && !names.includes(name)) {
      problems.push(`JOB_SCHEDULES: no job is named "${name}" (jobs: ${names.join(', ')})`);
    } else {
      try {
        cronOf(pattern);
        schedules[name] = pattern;
      } catch (error) {
        problems.push(`JOB_SCHEDULES: "${pattern}" of ${name}: ${(error as Error).message}`);
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return schedules;
}
