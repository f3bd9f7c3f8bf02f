import type { ContestAcInfoVO, ContestPrintVO } from '@verdict/shared';
import { downloadFile } from './download';
import { apiGet, apiPost, apiPut, type Page } from './http';
import { inLanguage } from './problem';

/**
 * The contest staff's calls (reference §3.6 print, AC helper, accepted-code zip; §3.4 contest
 * problem rejudge), with the shapes packages/server/src/modules/contest/staff answers.
 */

export type { ContestAcInfoVO, ContestPrintVO };

export const submitPrintText = (cid: number, content: string) =>
  apiPost<null>('/api/submit-print-text', { cid, content }, inLanguage());

export const getContestPrints = (cid: number, currentPage: number, limit: number) =>
  apiGet<Page<ContestPrintVO>>('/api/get-contest-print', { cid, currentPage, limit }, inLanguage());

/** reference §3 conventions: `check-contest-print-status` takes query parameters, not a body. */
export const markPrinted = (id: number, cid: number) =>
  apiPut<null>('/api/check-contest-print-status', undefined, inLanguage({ params: { id, cid } }));

export const downloadPrintText = (id: number) =>
  downloadFile('/api/file/download-contest-print-text', { id });

export const getContestAcInfo = (cid: number, currentPage: number, limit: number) =>
  apiGet<Page<ContestAcInfoVO>>('/api/get-contest-ac-info', { cid, currentPage, limit }, inLanguage());

/** spec part 1 §4: the request sends the flipped value. */
export const checkAcInfo = (id: number, cid: number, checked: boolean) =>
  apiPut<null>('/api/check-contest-ac-info', { id, cid, checked }, inLanguage());

export const downloadAcSubmissions = (cid: number, splitType: 'user' | 'problem', excludeAdmin: boolean) =>
  downloadFile('/api/file/download-contest-ac-submission', { cid, splitType, excludeAdmin });

export const rejudgeContestProblem = (cid: number, pid: number) =>
  apiGet<null>('/api/admin/judge/rejudge-contest-problem', { cid, pid }, inLanguage());
