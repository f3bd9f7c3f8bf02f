/** Judge statuses for every screen: names, colours, units and the polling loop (spec part 1 §4, §9). */
export { JudgeStatusTag, useStatusLabel, type JudgeStatusTagProps } from './JudgeStatusTag';
export {
  ALL_STATUSES,
  FILTER_STATUSES,
  distributionFields,
  isUnfinished,
  statusInfo,
  type CountField,
  type StatusInfo,
  type StatusKey,
} from './status';
export {
  acceptancePercent,
  acceptanceRate,
  formatLength,
  formatMemory,
  formatTime,
  progressColor,
} from './format';
export { SUBMISSION_POLL, TEST_RUN_POLL, startPolling, type Poller, type PollerOptions } from './polling';
