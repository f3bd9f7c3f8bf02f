import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { defaultMedalCounts } from '@verdict/shared';
import { Alert, Button, Card, Form, Input, InputNumber, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../../../api/contest-scroll-board';
import { useContestContext } from '../contest-context';
import { scrollBoardBlock } from '../contest-rules';
import type { MedalCounts } from './roll';
import { scrollBoardHref } from './scroll-query';
import './scroll-board.css';

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** Users on the board who may win a medal: every submitter but the star users (spec part 2 §4). */
async function rankedCount(cid: number, removeStar: boolean): Promise<number> {
  const [info, submissions] = await Promise.all([
    getScrollBoardInfo(cid),
    getScrollBoardSubmissions(cid, removeStar),
  ]);
  const stars = new Set(info.starUserList);
  return new Set(submissions.filter((s) => !stars.has(s.username)).map((s) => s.uid)).size;
}

/**
 * The contest's Scroll Board tab (spec part 1 §2 "Scroll-board config"; contest admins of ACM
 * contests): the contest id, editable medal counts (by default 10 %, 20 % and 30 % of the ranked
 * users), the remove-star switch, and Start Rolling, which opens /scrollBoard in a new window.
 * **Changed:** HOJ asks for a confirmation and opens the board while the contest runs; Verdict's
 * server gives the board its data only once a sealed ACM contest has ended (reference §9.7), so
 * until then the tab says why and Start stays off, instead of opening a board that fails (issue 24
 * item 13).
 */
export function ScrollBoardConfigPage() {
  const { t } = useTranslation();
  const { cid, facts, info } = useContestContext();
  const block = facts ? scrollBoardBlock(facts) : 'notEnded';
  const [removeStar, setRemoveStar] = useState(false);
  const [medals, setMedals] = useState<MedalCounts | null>(null);
  const ranked = useQuery({
    queryKey: ['scroll-board-ranked', cid, removeStar],
    queryFn: () => rankedCount(cid, removeStar),
    enabled: block === null,
    retry: false,
  });
  const shown = medals ?? defaultMedalCounts(ranked.data ?? 0);

  // the defaults follow the ranked count until the admin edits a count
  useEffect(() => setMedals(null), [removeStar]);

  const start = () => window.open(scrollBoardHref(cid, removeStar, shown), '_blank', 'noopener');

  return (
    <Card
      className="scroll-board-config"
      title={
        <span>
          <TrophyOutlined /> {t('contestScrollBoard.config.title')}
        </span>
      }
    >
      {block !== null && (
        <Alert
          type="info"
          showIcon
          title={t('contestScrollBoard.config.blockedTitle')}
          description={t(`contestScrollBoard.config.${block}`, {
            end: info ? dayjs(info.endTime).format('YYYY-MM-DD HH:mm:ss') : '',
          })}
          className="scroll-board-config-alert"
          data-testid="scroll-config-blocked"
        />
      )}
      {ranked.isError && (
        <Alert type="warning" showIcon message={ranked.error.message} className="scroll-board-config-alert" />
      )}
      <Form layout="vertical" className="scroll-board-config-form">
        <Form.Item label={t('contestScrollBoard.config.contestId')}>
          <Input value={cid} readOnly data-testid="scroll-config-cid" />
        </Form.Item>
        {MEDALS.map((medal) => (
          <Form.Item key={medal} label={t(`contestScrollBoard.config.${medal}`)}>
            <InputNumber
              min={0}
              precision={0}
              value={shown[medal]}
              onChange={(v) => setMedals({ ...shown, [medal]: Math.max(0, Math.floor(v ?? 0)) })}
              data-testid={`scroll-config-${medal}`}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('contestScrollBoard.config.removeStar')}>
          <Switch checked={removeStar} onChange={setRemoveStar} data-testid="scroll-config-remove-star" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('contestScrollBoard.config.defaultsHint')}
          {ranked.data !== undefined && <> {t('contestScrollBoard.config.ranked', { count: ranked.data })}</>}
        </Typography.Paragraph>
        <Button type="primary" onClick={start} disabled={block !== null} data-testid="scroll-config-start">
          {t('contestScrollBoard.config.start')}
        </Button>
      </Form>
    </Card>
  );
}
