import {
  BarChartOutlined,
  CommentOutlined,
  CopyOutlined,
  EditOutlined,
  ExportOutlined,
  KeyOutlined,
  LinkOutlined,
  ReadOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Alert, Button, Modal, Space, Tag, Tooltip } from 'antd';
import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProblemDetail } from '../../api/problem';
import { Markdown } from '../../components/markdown';
import { toast } from '../../feedback/toast';
import { isAdminRole, isSuperAdmin, useSession } from '../../store/session';
import { RemoteJudgeSession } from '../setting/RemoteJudgeSession';
import { copyText } from './copy-text';
import { MyStatusIcon } from './MyStatusIcon';
import {
  codeforcesUrl,
  levelColor,
  levelKey,
  problemToMarkdown,
  remoteSourceLink,
  type Example,
} from './problem-utils';

interface ProblemStatementProps {
  detail: ProblemDetail;
  examples: Example[];
  onShowStatistics: () => void;
  /**
   * Inside a contest (or a group): where its submissions of this problem are listed. The page links
   * there and leaves out statistics, discussion and solutions (they belong to the public problem;
   * a group's discussions are not available, ARCHITECTURE "Access policy").
   */
  contestSubmissionsPath?: string;
  /** the id shown before the title: a contest shows its display id, not the bank's id */
  shownId?: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="statement-section">
      <h2 className="statement-section__title">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The description tab (spec part 1 §2 "Problem page"): title, limits, level, tags and the
 * statement in safe markdown with math, samples with copy buttons, hint and source; Edit (super
 * admin), Copy-as-Markdown (admin roles), the Codeforces link and the remote-judge account dialog.
 * Only admin roles may copy the statement text itself.
 */
export function ProblemStatement({
  detail,
  examples,
  onShowStatistics,
  contestSubmissionsPath,
  shownId,
}: ProblemStatementProps) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const admin = isAdminRole(userInfo);
  const superAdmin = isSuperAdmin(userInfo);
  const [accountOpen, setAccountOpen] = useState(false);
  const { problem, tags } = detail;
  const external = problem.isRemote && superAdmin ? codeforcesUrl(problem.problemId) : null;
  // reference §10.3: a remote problem links to its page on the site
  const siteLink = problem.isRemote ? remoteSourceLink(problem.source) : null;
  const firstTagIsCf = tags[0] ? ['CF', 'GYM'].includes(tags[0].oj.toUpperCase()) : true;

  const copyMarkdown = () =>
    void copyText(
      problemToMarkdown(
        { ...problem, examples },
        {
          timeLimit: t('problem.statement.timeLimit'),
          memoryLimit: t('problem.statement.memoryLimit'),
          description: t('problem.statement.description'),
          input: t('problem.statement.input'),
          output: t('problem.statement.output'),
          sampleInput: (n) => t('problem.statement.sampleInput', { n }),
          sampleOutput: (n) => t('problem.statement.sampleOutput', { n }),
          hint: t('problem.statement.hint'),
          source: t('problem.statement.source'),
        },
      ),
    );

  /** Spec part 1 §2: non-admins cannot copy the problem text (samples have their own buttons). */
  const guardCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (admin) return;
    const selection = window.getSelection();
    const anchor = selection?.anchorNode?.parentElement;
    if (anchor?.closest('.statement-sample pre')) return;
    event.preventDefault();
    toast.info(t('problem.statement.copyNotAllowed'));
  };

  return (
    <article className="problem-statement" onCopy={guardCopy}>
      <header className="statement-header">
        <h1 className="statement-header__title">
          <span className="statement-header__id">{shownId ?? problem.problemId}</span>
          <span>{problem.title}</span>
          <MyStatusIcon status={detail.myStatus} />
        </h1>
        <div className="statement-header__meta">
          <span>
            {t('problem.statement.timeLimit')}: <strong>{problem.timeLimit} ms</strong>
          </span>
          <span>
            {t('problem.statement.memoryLimit')}: <strong>{problem.memoryLimit} MB</strong>
          </span>
          <span>
            {t('problem.statement.level')}:{' '}
            <Tag color={levelColor(problem.difficulty)} className="level-tag">
              {t(`problem.level.${levelKey(problem.difficulty)}`)}
            </Tag>
          </span>
          {problem.type === 1 ? (
            <span>
              {t('problem.statement.score')}: <strong>{problem.ioScore}</strong>
            </span>
          ) : null}
          {problem.author ? (
            <span>
              {t('problem.statement.author')}: {problem.author}
            </span>
          ) : null}
          <span>{problem.type === 1 ? 'OI' : 'ACM'}</span>
          {siteLink ? (
            <a
              className="statement-header__site-link"
              href={siteLink}
              target="_blank"
              rel="noreferrer noopener"
            >
              <LinkOutlined /> {t('problem.statement.remoteSource')}
            </a>
          ) : null}
        </div>
        {tags.length > 0 ? (
          <div className="statement-header__tags">
            {tags.map((tag) => (
              <Tag key={tag.id} color={tag.color ?? undefined}>
                {tag.name}
              </Tag>
            ))}
          </div>
        ) : null}
        <Space wrap size={[4, 4]} className="statement-header__links">
          {contestSubmissionsPath ? (
            <Link to={contestSubmissionsPath}>
              <Button size="small" type="text" icon={<UnorderedListOutlined />}>
                {t('problem.statement.submissions')}
              </Button>
            </Link>
          ) : (
            <>
              <Link to={`/status?problemID=${encodeURIComponent(problem.problemId)}&completeProblemID=true`}>
                <Button size="small" type="text" icon={<UnorderedListOutlined />}>
                  {t('problem.statement.submissions')}
                </Button>
              </Link>
              <Button size="small" type="text" icon={<BarChartOutlined />} onClick={onShowStatistics}>
                {t('problem.statement.statistics')}
              </Button>
              <Link to={`/discussion/${encodeURIComponent(problem.problemId)}`}>
                <Button size="small" type="text" icon={<CommentOutlined />}>
                  {t('problem.statement.discussion')}
                </Button>
              </Link>
              <Link to={`/discussion/${encodeURIComponent(problem.problemId)}?category=solution`}>
                <Button size="small" type="text" icon={<ReadOutlined />}>
                  {t('problem.statement.solutions')}
                </Button>
              </Link>
            </>
          )}
          {superAdmin ? (
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => window.open(`/admin/problem/edit/${problem.id}`, '_blank', 'noopener')}
            >
              {t('problem.statement.edit')}
            </Button>
          ) : null}
          {admin ? (
            <Button size="small" type="text" icon={<CopyOutlined />} onClick={copyMarkdown}>
              {t('problem.statement.copyMarkdown')}
            </Button>
          ) : null}
          {external && firstTagIsCf ? (
            <Button
              size="small"
              type="text"
              icon={<ExportOutlined />}
              href={external}
              target="_blank"
              rel="noopener"
            >
              {t('problem.statement.original')}
            </Button>
          ) : null}
          {problem.isRemote ? (
            <Button size="small" type="text" icon={<KeyOutlined />} onClick={() => setAccountOpen(true)}>
              {t('problem.statement.remoteAccount')}
            </Button>
          ) : null}
        </Space>
      </header>

      {problem.isFileIO ? (
        <Alert
          className="statement-fileio"
          type="warning"
          showIcon
          title={t('problem.statement.fileIo', {
            input: problem.ioReadFileName ?? '',
            output: problem.ioWriteFileName ?? '',
          })}
        />
      ) : null}

      {problem.description ? (
        <Section title={t('problem.statement.description')}>
          <Markdown source={problem.description} html={problem.isRemote} />
        </Section>
      ) : null}
      {problem.input ? (
        <Section title={t('problem.statement.input')}>
          <Markdown source={problem.input} html={problem.isRemote} />
        </Section>
      ) : null}
      {problem.output ? (
        <Section title={t('problem.statement.output')}>
          <Markdown source={problem.output} html={problem.isRemote} />
        </Section>
      ) : null}
      {examples.map((example, i) => (
        <div className="statement-samples" key={i}>
          <Sample title={t('problem.statement.sampleInput', { n: i + 1 })} text={example.input} />
          <Sample title={t('problem.statement.sampleOutput', { n: i + 1 })} text={example.output} />
        </div>
      ))}
      {problem.hint ? (
        <Section title={t('problem.statement.hint')}>
          <div className="statement-hint">
            <Markdown source={problem.hint} html={problem.isRemote} />
          </div>
        </Section>
      ) : null}
      {problem.source ? (
        <Section title={t('problem.statement.source')}>
          <Markdown source={problem.source} html={problem.isRemote} />
        </Section>
      ) : null}

      <Modal
        open={accountOpen}
        onCancel={() => setAccountOpen(false)}
        footer={null}
        title={t('problem.statement.remoteAccount')}
        destroyOnHidden
      >
        <RemoteJudgeSession />
      </Modal>
    </article>
  );
}

function Sample({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="statement-sample">
      <div className="statement-sample__head">
        <span className="statement-section__title statement-sample__title">{title}</span>
        <Tooltip title={t('problem.common.copy')}>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            aria-label={`${t('problem.common.copy')} ${title}`}
            onClick={() => void copyText(text)}
          />
        </Tooltip>
      </div>
      <pre className="statement-sample__text">{text}</pre>
    </div>
  );
}
