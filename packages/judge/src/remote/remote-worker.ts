import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import {
  JudgeStatus,
  REMOTE_MESSAGES,
  type CaseResult,
  type JudgeResult,
  type RemoteOj,
  type SubmissionTask,
} from '@verdict/shared';
import { GatewayClient } from '../gateway-client.ts';
import { HttpSession, remoteSiteUrl } from '@verdict/shared/node';
import { RemoteRefused, type RemotePoll } from './site.ts';
import { SITES } from './sites/index.ts';

/**
 * The remote-judge role of the judge binary (`verdict-judge worker --remote CF,…`, reference §10):
 * claims remote submissions only (the gateway leases a free account of the site with each), submits
 * them with the site's adapter, and polls the result within §10.1's bounds, reporting through the
 * same gateway calls as local judging. Every exit of a task ends in a result or a lost lease, and
 * both free the account on the server.
 */
export interface RemoteWorkerOptions {
  serverUrl: string;
  token: string;
  name: string;
  sites: RemoteOj[];
  /** tasks at once (HOJ: 2 × cores + 1) */
  concurrency: number;
  /** reference §10.1: 2.5 s between polls, 60 polls */
  pollIntervalMs?: number;
  maxPolls?: number;
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
}

const CLAIM_WAIT_MS = 20_000;

export class RemoteJudgeWorker {
  private readonly gateway: GatewayClient;
  private stopping = false;
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(private readonly opts: RemoteWorkerOptions) {
    this.gateway = new GatewayClient(opts.serverUrl, opts.token, opts.name);
  }

  async start(): Promise<void> {
    await this.gateway.register({
      host: os.hostname(),
      cpuCore: os.availableParallelism(),
      maxTaskNumber: this.opts.concurrency,
      version: '0.1.0',
      languages: [],
      remoteSites: this.opts.sites,
    });
    this.loops = Array.from({ length: this.opts.concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let task;
      try {
        task = await this.gateway.claim(
          { languages: [], judgePrograms: [], remoteSites: this.opts.sites },
          CLAIM_WAIT_MS,
          this.abort.signal,
        );
      } catch (error) {
        if (this.stopping) return;
        this.log(`claim failed: ${(error as Error).message}`);
        await sleep(1_000);
        continue;
      }
      if (task?.kind !== 'submission' || !task.remote) continue;
      try {
        await this.judge(task);
      } catch (error) {
        // the gateway could not be reached: the lease runs out and the task (and account) come back
        this.log(`submission ${task.submitId}: ${(error as Error).message}`);
      }
    }
  }

  /** One remote submission, from submit (unless it has a run id already) to its result. */
  async judge(task: SubmissionTask): Promise<void> {
    const remote = task.remote!;
    const site = SITES[remote.oj as RemoteOj];
    const finish = (status: number, errorMessage: string | null, poll?: RemotePoll) =>
      this.gateway.result(resultOf(task, status, errorMessage, poll));
    if (!site)
      return void (await finish(JudgeStatus.SYSTEM_ERROR, `This judge has no adapter for ${remote.oj}`));
    const http = new HttpSession(remoteSiteUrl(site.oj, this.opts.env));
    const session = site.open(http, remote);
    let runId: string;
    if (remote.runId === null) {
      try {
        await session.login();
        runId = await session.submit(remote.problemId, task.language, task.code);
      } catch (error) {
        const message =
          error instanceof RemoteRefused
            ? error.message
            : `${REMOTE_MESSAGES.noRunId(remote.oj)} ${(error as Error).message}`;
        return void (await finish(JudgeStatus.SUBMITTED_FAILED, message));
      }
      const keep = await this.gateway.progress({
        submitId: task.submitId,
        attempt: task.attempt,
        status: JudgeStatus.COMPILING,
        cases: [],
        remote: { runId, username: remote.username },
      });
      if (!keep) return;
    } else {
      runId = remote.runId;
      // a rejudge only polls again (reference §10.1); the site may want the account logged in
      await session.login().catch(() => undefined);
    }
    const maxPolls = this.opts.maxPolls ?? 60;
    for (let attempt = 1; attempt <= maxPolls; attempt++) {
      await sleep(this.opts.pollIntervalMs ?? 2_500);
      let poll: RemotePoll;
      try {
        poll = await session.poll(remote.problemId, runId);
      } catch (error) {
        // reference §10.1: errors are swallowed until the last attempt
        if (attempt < maxPolls) continue;
        this.log(`submission ${task.submitId}: ${(error as Error).message}`);
        return void (await finish(JudgeStatus.SYSTEM_ERROR, REMOTE_MESSAGES.siteError(remote.oj)));
      }
      if (poll.final) {
        const message = poll.status === JudgeStatus.COMPILE_ERROR ? (poll.errorMessage ?? null) : null;
        return void (await finish(poll.status, message, poll));
      }
      const keep = await this.gateway.progress({
        submitId: task.submitId,
        attempt: task.attempt,
        status: poll.status === JudgeStatus.JUDGING ? JudgeStatus.JUDGING : JudgeStatus.COMPILING,
        cases: casesOf(poll),
      });
      if (!keep) return; // cancelled or rejudged meanwhile: the server freed the account
    }
    await finish(JudgeStatus.SUBMITTED_FAILED, REMOTE_MESSAGES.resultTimeout);
  }

  private log(message: string) {
    (this.opts.log ?? console.log)(`[remote ${this.opts.name}] ${message}`);
  }
}

function casesOf(poll: RemotePoll | undefined): CaseResult[] {
  return (poll?.cases ?? [])
    .filter((c) => c.status !== JudgeStatus.JUDGING)
    .map((c) => ({
      caseId: 0,
      seq: c.seq,
      status: c.status as CaseResult['status'],
      time: c.time,
      memory: c.memory,
      score: null,
      groupNum: null,
      mode: 'default',
      inputData: '',
      outputData: '',
      userOutput: c.message?.slice(0, 64 * 1024) ?? null,
    }));
}

function resultOf(
  task: SubmissionTask,
  status: number,
  errorMessage: string | null,
  poll?: RemotePoll,
): JudgeResult {
  return {
    submitId: task.submitId,
    attempt: task.attempt,
    status: status as JudgeResult['status'],
    time: poll?.time ?? 0,
    memory: poll?.memory ?? 0,
    score: null,
    errorMessage,
    cases: casesOf(poll),
  };
}
