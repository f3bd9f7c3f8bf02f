import type {
  ClassifiedTags,
  ProblemCount,
  ProblemDetail,
  ProblemListRow,
  ProblemVO,
  RecentProblem,
  TagSummary,
  TagVO,
} from '@verdict/shared';
import type { AxiosRequestConfig } from 'axios';
import { currentLanguage } from '../i18n';
import { browserStorage } from '../store/browser-storage';
import { apiGet, apiPost, type Page } from './http';

/**
 * The problem bank calls (spec part 1 §7 "Problems and submissions", reference §3.2, §3.3). Server
 * messages follow the interface language (ARCHITECTURE "Server messages").
 */
export function inLanguage(config: AxiosRequestConfig = {}): AxiosRequestConfig {
  return { ...config, headers: { ...config.headers, 'Accept-Language': currentLanguage() } };
}

export type { ClassifiedTags, ProblemCount, ProblemDetail, ProblemListRow, RecentProblem, TagSummary };

/** Query of `GET /api/get-problem-list` (spec part 1 §2 "Problem list"). */
export interface ProblemListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  difficulty?: number;
  /** 'All', 'Mine' (local problems) or a remote judge's name */
  oj?: string;
  tagId?: number[];
  /** super admins only: 1 public, 2 hidden, 3 contest */
  auth?: number;
}

export function getProblemList(params: ProblemListParams): Promise<Page<ProblemListRow>> {
  const { tagId, ...rest } = params;
  return apiGet<Page<ProblemListRow>>(
    '/api/get-problem-list',
    { ...rest, tagId: tagId && tagId.length > 0 ? tagId.join(',') : undefined },
    inLanguage(),
  );
}

export function getRandomProblem(): Promise<{ problemId: string }> {
  return apiGet<{ problemId: string }>('/api/get-random-problem', undefined, inLanguage());
}

/** `GET /api/get-recent-updated-problem` (reference §3.2): the latest problems. */
export function getRecentProblems(): Promise<RecentProblem[]> {
  return apiGet<RecentProblem[]>('/api/get-recent-updated-problem', undefined, inLanguage());
}

/** A tag as the problem calls answer it (reference §4.2). */
export type Tag = TagVO;

export function getTagsAndClassification(oj: string): Promise<ClassifiedTags[]> {
  return apiGet<ClassifiedTags[]>('/api/get-problem-tags-and-classification', { oj }, inLanguage());
}

/** The problem as `get-problem-detail` returns it (reference §3.3, §4.2). */
export type Problem = ProblemVO;

/** reference §3.3; a group's problem is read with its `gid`. */
export function getProblemDetail(problemId: string, gid?: number): Promise<ProblemDetail> {
  return apiGet<ProblemDetail>('/api/get-problem-detail', { problemId, gid }, inLanguage());
}

/** `POST /api/get-user-problem-status` (reference §7.9). */
export function getUserProblemStatus(pidList: number[]): Promise<Record<string, { status: number }>> {
  return apiPost<Record<string, { status: number }>>(
    '/api/get-user-problem-status',
    { pidList, isContestProblemList: false },
    inLanguage(),
  );
}

/** `GET /api/get-last-ac-code` (reference §3.3); `cid` names a contest, 0 none. */
export function getLastAcCode(
  pid: number,
  cid = 0,
): Promise<{ submitId?: number; code: string; language: string }> {
  return apiGet('/api/get-last-ac-code', { pid, cid }, inLanguage());
}

/** A language row of `GET /api/languages` (reference §3.2; spec part 2 §3 "Language"). */
export interface Language {
  id: number;
  name: string;
  description: string | null;
  compileCommand: string | null;
  /** the A+B program shown on the compiler page */
  template: string | null;
  /** a default template for the editor */
  codeTemplate: string | null;
  contentType: string | null;
  oj: string;
  isSpj: boolean;
  /** Verdict: a judge worker offering this language was heard from recently */
  available?: boolean;
}

const LANGUAGES_KEY = 'languages';
const LANGUAGES_TTL_MS = 10 * 60_000;

/**
 * `GET /api/languages?all=true`, cached in browser storage (spec part 1 §7) for a few minutes so
 * the "judge online" flags stay fresh.
 */
export async function getLanguages(): Promise<Language[]> {
  const cached = browserStorage.getJson<{ at: number; list: Language[] }>(LANGUAGES_KEY);
  if (cached && Array.isArray(cached.list) && Date.now() - cached.at < LANGUAGES_TTL_MS) return cached.list;
  const list = await apiGet<Language[]>('/api/languages', { all: true }, inLanguage());
  browserStorage.setJson(LANGUAGES_KEY, { at: Date.now(), list });
  return list;
}

/** The compiler page wants the judge hosts' current offer, not a cached copy. */
export async function getLocalLanguages(): Promise<Language[]> {
  return apiGet<Language[]>('/api/languages', undefined, inLanguage());
}
