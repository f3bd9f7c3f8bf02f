/**
 * The facts a rule needs about a resource, loaded by the service that asks (the policy reads no
 * database). Field names follow the tables of reference §4.
 */

/** A group's side of a resource: its id, owner and the caller's member level (reference §2). */
export interface GroupFacts {
  gid: number;
  /** group.uid */
  owner: string;
  /** the caller's group_member.auth (1 applying … 5 root), absent when not in the group */
  level?: number;
  /** group.auth: 1 public, 2 protected, 3 private */
  auth?: number;
  /** group.status: 0 active, 1 banned */
  status?: number;
  visible?: boolean;
}

/** problem (reference §4.2, §7.7): auth 1 public, 2 hidden, 3 contest-only. */
export interface ProblemFacts {
  auth: number;
  isGroup: boolean;
  /** the author's username */
  author?: string | null;
  gid?: number | null;
  /** the group the problem belongs to, when the caller opens it inside that group */
  group?: GroupFacts;
}

/** judge row (reference §4.3, §7.10) with what its problem says about sharing. */
export interface SubmissionFacts {
  uid: string;
  cid: number;
  gid: number | null;
  share?: boolean;
  problem: ProblemFacts & { codeShare?: boolean; openCaseResult?: boolean };
  /** the contest of a contest submission */
  contest?: ContestFacts;
  /** the group of a group submission */
  group?: GroupFacts;
  /** switch hideNonContestSubmissionCode (reference §7.14) */
  hideCode?: boolean;
}

/** contest (reference §4.4, §7.18): auth 0 public, 1 private, 2 protected; status -1/0/1. */
export interface ContestFacts {
  /** creator, contest.uid */
  uid: string;
  auth: number;
  status: number;
  visible: boolean;
  openRank?: boolean;
  /** contest.open_print: participants may send text to print (reference §3.6, §7.18) */
  openPrint?: boolean;
  /** 0 ACM, 1 OI */
  type?: number;
  /** whether the board is sealed for the viewer now (reference §9.2) */
  sealed?: boolean;
  /** whether the caller has a contest_register row */
  registered?: boolean;
  /** false when the contest's account-limit rule is on and the caller's username fails it (reference §7.18) */
  accountAllowed?: boolean;
  /** submitting after the end is allowed (reference §4.4 allow_end_submit, §6.1) */
  allowEndSubmit?: boolean;
  group?: GroupFacts;
}

export const CONTEST_STATUS = { scheduled: -1, running: 0, ended: 1 } as const;
export const CONTEST_AUTH = { public: 0, private: 1, protected: 2 } as const;

/** training (reference §4.5, §7.13). */
export interface TrainingFacts {
  status: boolean;
  auth: string;
  /** the author's username */
  author: string | null;
  isGroup: boolean;
  gid: number | null;
  /** the caller's training_register row: status false means banned from it */
  registration?: { status: boolean };
  group?: GroupFacts;
}

/** discussion, comment or reply (reference §4.6, §7.15). */
export interface DiscussionFacts {
  /** the author's uid */
  uid: string;
  /** discussion.status: 1 banned */
  status?: number;
  gid?: number | null;
  group?: GroupFacts;
  /** a contest comment: its contest */
  contest?: ContestFacts;
  /** a comment's `from_role` ('root' | 'admin' | 'user'), for contest comment visibility */
  authorRole?: string | null;
}
