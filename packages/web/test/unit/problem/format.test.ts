import { describe, expect, it } from 'vitest';
import {
  acceptancePercent,
  acceptanceRate,
  formatLength,
  formatMemory,
  formatTime,
  progressColor,
} from '../../../src/components/judge-status/format.ts';

describe('units (spec part 1 §9)', () => {
  it('shows memory in KB upward with base 1024', () => {
    expect(formatMemory(0)).toBe('0 KB');
    expect(formatMemory(512)).toBe('512 KB');
    expect(formatMemory(1023)).toBe('1023 KB');
    expect(formatMemory(1024)).toBe('1 MB');
    expect(formatMemory(1536)).toBe('1.5 MB');
    expect(formatMemory(3000)).toBe('2.93 MB');
    expect(formatMemory(262144)).toBe('256 MB');
    expect(formatMemory(1024 * 1024 * 2.25)).toBe('2.25 GB');
  });

  it('shows time in ms and length in B', () => {
    expect(formatTime(0)).toBe('0 ms');
    expect(formatTime(1234)).toBe('1234 ms');
    expect(formatLength(87)).toBe('87 B');
    expect(formatLength(65535)).toBe('65535 B');
  });

  it('shows -- when there is no value yet', () => {
    expect(formatMemory(null)).toBe('--');
    expect(formatTime(undefined)).toBe('--');
    expect(formatLength(null)).toBe('--');
    expect(formatTime(Number.NaN)).toBe('--');
  });

  it('gives the acceptance rate with two decimals', () => {
    expect(acceptanceRate(0, 0)).toBe('0.00%');
    expect(acceptanceRate(1, 3)).toBe('33.33%');
    expect(acceptanceRate(2, 3)).toBe('66.67%');
    expect(acceptanceRate(5, 5)).toBe('100.00%');
    expect(acceptancePercent(1, 3)).toBe(33.33);
    expect(acceptancePercent(0, 0)).toBe(0);
  });

  it('steps the progress colour at 20, 40, 60, 80 and 100 percent', () => {
    const steps = [0, 19.99, 20, 39.99, 40, 60, 79.99, 80, 100].map(progressColor);
    expect(new Set(steps).size).toBe(5);
    expect(progressColor(0)).toBe(progressColor(19.99));
    expect(progressColor(20)).not.toBe(progressColor(19.99));
    expect(progressColor(40)).not.toBe(progressColor(39.99));
    expect(progressColor(60)).not.toBe(progressColor(59.99));
    expect(progressColor(80)).not.toBe(progressColor(79.99));
    expect(progressColor(80)).toBe(progressColor(100));
  });
});
