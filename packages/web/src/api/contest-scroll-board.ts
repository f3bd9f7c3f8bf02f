import type { ContestScrollBoardInfoVO, ContestScrollBoardSubmissionVO } from '@verdict/shared';
import { apiGet } from './http';
import { inLanguage } from './problem';

/** The scroll board's calls (reference §3.6 ContestScrollBoardController, §9.7): contest admins only. */

export type { ContestScrollBoardInfoVO, ContestScrollBoardSubmissionVO };

export const getScrollBoardInfo = (cid: number) =>
  apiGet<ContestScrollBoardInfoVO>('/api/get-contest-scroll-board-info', { cid }, inLanguage());

export const getScrollBoardSubmissions = (cid: number, removeStar: boolean) =>
  apiGet<ContestScrollBoardSubmissionVO[]>(
    '/api/get-contest-scroll-board-submission',
    { cid, removeStar },
    inLanguage(),
  );
