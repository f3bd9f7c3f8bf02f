import type {
  CaseMode,
  CodeTemplateVO,
  JudgeMode,
  ProblemCaseVO,
  ProblemVO,
  TagClassificationVO,
  TagVO,
  UploadedZip,
  problemDto,
} from '@verdict/shared';
import type { z } from 'zod';
import { DOWNLOAD_TIMEOUT_MS } from '../config/constants';
import { downloadFile } from './download';
import { del, get, getAnswer, post, put } from './answer-calls';
import type { Page } from './http';

/**
 * The admin area's problem, tag and test-case calls (reference §3.11, §3.12, §3.4 admin judge),
 * with the shapes the server answers (packages/server/src/modules/admin, file, problem).
 */

/**
 * A problem row as `GET /api/admin/problem` and the admin list answer it (reference §4.2). The
 * shared answer's modes are strings; the forms read them as the modes the server accepts.
 */
export type AdminProblem = Omit<ProblemVO, 'judgeMode' | 'judgeCaseMode'> & {
  judgeMode: JudgeMode;
  judgeCaseMode: CaseMode;
};

/** `GET /api/admin/problem/get-problem-cases`: typed cases hold texts, uploaded ones file names. */
export type ProblemCaseRow = ProblemCaseVO;

/** `GET /api/languages` (reference §3.2); `available`: a live worker offers it now. */
export interface LanguageRow {
  id: number;
  name: string;
  description: string | null;
  contentType: string | null;
  codeTemplate: string | null;
  template: string | null;
  isSpj: boolean;
  oj: string;
  seq: number;
  available?: boolean;
}

export type TagRow = TagVO;
export type ClassificationRow = TagClassificationVO;
export type CodeTemplateRow = CodeTemplateVO;

/** The ProblemDTO body of `POST|PUT /api/admin/problem`, as the client may send it. */
export type ProblemDtoBody = z.input<typeof problemDto>;

export interface AdminProblemListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  /** 0 or absent = every auth */
  auth?: number;
  oj?: string;
}

// ---- problems (reference §3.12) ---------------------------------------------------------------

export const getAdminProblemList = (params: AdminProblemListParams) =>
  get<Page<AdminProblem>>('/api/admin/problem/get-problem-list', { ...params });

export const getAdminProblem = (pid: number) => get<AdminProblem>('/api/admin/problem', { pid });

export const createProblem = (body: ProblemDtoBody) =>
  post<{ pid: number; problemId: string }>('/api/admin/problem', body);

export const updateProblem = (body: ProblemDtoBody) => put<null>('/api/admin/problem', body);

export const deleteProblem = (pid: number) => del<null>('/api/admin/problem', { pid });

export const changeProblemAuth = (id: number, auth: number) =>
  put<null>('/api/admin/problem/change-problem-auth', { id, auth });

export const getProblemCases = (pid: number, isUpload: boolean) =>
  get<ProblemCaseRow[]>('/api/admin/problem/get-problem-cases', { pid, isUpload });

export interface CompileBody {
  pid?: number | null;
  code: string;
  language: string;
  extraFiles?: Record<string, string> | null;
}

/**
 * reference §3.12 compile-spj / compile-interactive: 200 when it compiled; otherwise the client has
 * shown the server's message and the ApiError carries the body status (500 = compile error).
 */
export const compileChecker = (mode: Exclude<JudgeMode, 'default'>, body: CompileBody, gid?: number) =>
  post<null>(
    `/api/${gid === undefined ? 'admin/problem' : 'group'}/${mode === 'spj' ? 'compile-spj' : 'compile-interactive'}`,
    body,
    gid === undefined ? undefined : { params: { gid } },
  );

// ---- relations read through the public calls (reference §3.2, §3.3) -------------------------

export const getLanguages = () => get<LanguageRow[]>('/api/languages');
export const getAllTags = (oj = 'ME') => get<TagRow[]>('/api/get-all-problem-tags', { oj });
export const getProblemTags = (pid: number) => get<TagRow[]>('/api/get-problem-tags', { pid });
export const getProblemLanguages = (pid: number) => get<LanguageRow[]>('/api/get-problem-languages', { pid });
export const getProblemCodeTemplates = (pid: number) =>
  get<CodeTemplateRow[]>('/api/get-problem-code-template', { pid });

// ---- test cases (reference §3.11, §8.6) --------------------------------------------------------

export type { UploadedZip } from '@verdict/shared';

/** `POST /api/file/upload-testcase-zip` with upload progress (0–100). */
export function uploadTestCaseZip(
  file: File,
  mode: CaseMode,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  /** a group problem's group (its admins upload with `gid`) */
  gid?: number,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<UploadedZip>('/api/file/upload-testcase-zip', form, {
    params: { mode, gid },
    timeout: DOWNLOAD_TIMEOUT_MS,
    signal,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

/** `GET /api/file/download-testcase` (reference §3.11). */
export const downloadTestCases = (pid: number) => downloadFile('/api/file/download-testcase', { pid });

// ---- judging (reference §3.4, §6.4) -------------------------------------------------------------

/** Verdict: rejudges every non-contest submission of a problem; answers how many. */
export const rejudgeProblem = (pid: number) =>
  getAnswer<{ count: number }>('/api/admin/judge/rejudge-problem', { pid });

// ---- tags and classifications (reference §3.12) -----------------------------------------------

export interface TagBody {
  id?: number | null;
  name: string;
  color?: string | null;
  oj?: string;
  tcid?: number | null;
}

export interface ClassificationBody {
  id?: number | null;
  name: string;
  oj?: string;
  rank?: number | null;
}

export const createTag = (body: TagBody) => post<TagRow>('/api/admin/tag', body);
export const updateTag = (body: TagBody) => put<null>('/api/admin/tag', body);
export const deleteTag = (tid: number) => del<null>('/api/admin/tag', { tid });

export const getClassifications = (oj = 'ME') =>
  get<ClassificationRow[]>('/api/admin/tag/classification', { oj });
export const createClassification = (body: ClassificationBody) =>
  post<ClassificationRow>('/api/admin/tag/classification', body);
export const updateClassification = (body: ClassificationBody) =>
  put<null>('/api/admin/tag/classification', body);
export const deleteClassification = (tcid: number) => del<null>('/api/admin/tag/classification', { tcid });

/** reference §3.12 / §10.3: imports `<name>-<problemId>` from a remote judge (slow: it reads the site). */
export const importRemoteProblem = (name: string, problemId: string) =>
  get<null>('/api/admin/problem/import-remote-oj-problem', { name, problemId });
