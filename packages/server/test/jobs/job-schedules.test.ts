import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { loadJobSchedules } from '../../src/jobs/schedules.ts';

describe('JOB_SCHEDULES', () => {
  it('is empty by default: every job keeps its own pattern', () => {
    expect(loadJobSchedules({})).toEqual({});
  });

  it("reads name=pattern pairs split by ';', '*' standing for every job", () => {
    expect(loadJobSchedules({ JOB_SCHEDULES: ' *=*/2 * * * * * ; deleted-avatars = 30 4 * * * ;' })).toEqual({
      '*': '*/2 * * * * *',
      'deleted-avatars': '30 4 * * *',
    });
  });

  it('refuses a job that does not exist, a bad pattern and a pair without "=", naming the variable', () => {
    const problems = (value: string) => {
      try {
        loadJobSchedules({ JOB_SCHEDULES: value });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems('no-such-job=* * * * *')).toEqual([
      expect.stringMatching(/^JOB_SCHEDULES: no job is named "no-such-job" \(jobs: .*deleted-avatars/),
    ]);
    expect(problems('deleted-avatars=* * *')).toEqual([expect.stringMatching(/^JOB_SCHEDULES: "\* \* \*"/)]);
    expect(problems('every minute')).toEqual(['JOB_SCHEDULES: "every minute" must be name=cron pattern']);
    expect(() => loadJobSchedules({ JOB_SCHEDULES: 'x' })).toThrow(ConfigError);
  });
});
